import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACCESS_MESSAGES,
  CAMPAIGN_MESSAGES,
  MESSAGES,
  PAGES_MESSAGES,
  STARTING_STEPS,
  STORE_LINK_MESSAGES,
  type AdminContactMessage,
  type ContactMessageBody,
  type ContactMessageStatus,
  type ContactsResponse,
  type StartingStep,
} from '@storelift/shared';
import { contactMessages, users } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-rows.js';
import type { Deps } from '../../deps.js';
import { escapeHtml } from '../../lib/html.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { userSearch } from '../users/users.repo.js';
import { audit } from '../audit/audit.js';

/** `GET contacts`: support's channels (configuration) and the caller's personal manager, if assigned. */
export async function contacts(deps: Deps, userId: number): Promise<ContactsResponse> {
  const manager = alias(users, 'manager');
  const [row] = await deps.db
    .select({ nickname: manager.nickname, email: manager.email })
    .from(users)
    .innerJoin(manager, eq(manager.id, users.manager_id))
    .where(eq(users.id, userId));
  const { supportEmail, supportTelegram } = deps.config;
  return {
    channels: [
      { type: 'email', value: supportEmail },
      ...(supportTelegram ? [{ type: 'telegram' as const, value: supportTelegram }] : []),
    ],
    manager: row ?? null,
  };
}

/**
 * `POST contacts`: the message is stored for staff and mailed to support's address (over SMTP when
 * configured, else to the outbox) with the sender as the reply address.
 */
export async function sendContactMessage(deps: Deps, userId: number, body: ContactMessageBody) {
  const [sender] = await deps.db
    .select({ email: users.email, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId));
  await deps.db
    .insert(contactMessages)
    .values({ user_id: userId, subject: body.subject, message: body.message });
  const from = `${sender!.nickname} <${sender!.email}> (user #${userId})`;
  await deps.jobs.send('mail.send', {
    to: deps.config.supportEmail,
    subject: `[Contact] ${body.subject}`,
    text: `${from}\n\n${body.message}`,
    html: `<p>${escapeHtml(from)}</p><p style="white-space:pre-wrap">${escapeHtml(body.message)}</p>`,
  });
  return { message: PAGES_MESSAGES.contactSent };
}

type ContactMessageRow = typeof contactMessages.$inferSelect;
const senderColumns = { id: users.id, email: users.email, nickname: users.nickname };

const toAdminView = (message: ContactMessageRow, user: AdminContactMessage['user']): AdminContactMessage => ({
  id: message.id,
  subject: message.subject,
  message: message.message,
  status: message.status,
  note: message.note,
  handled_at: message.handled_at?.toISOString() ?? null,
  created_at: message.created_at.toISOString(),
  user,
});

/** Staff: the contact messages, newest first, of everyone or of one user, by status and sender (`search`). */
export async function listContactMessages(
  deps: Deps,
  query: {
    user_id?: number | undefined;
    status?: ContactMessageStatus | undefined;
    search?: string | undefined;
    page: number;
    limit: number;
  },
) {
  const where = and(
    query.user_id ? eq(contactMessages.user_id, query.user_id) : undefined,
    query.status ? eq(contactMessages.status, query.status) : undefined,
    query.search ? userSearch(query.search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ message: contactMessages, user: senderColumns })
      .from(contactMessages)
      .innerJoin(users, eq(users.id, contactMessages.user_id))
      .where(where)
      .orderBy(desc(contactMessages.created_at), desc(contactMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db
      .select({ value: count() })
      .from(contactMessages)
      .innerJoin(users, eq(users.id, contactMessages.user_id))
      .where(where),
  ]);
  return {
    data: rows.map(({ message, user }) => toAdminView(message, user)),
    meta: pageMeta(total?.value ?? 0, query.page, query.limit),
  };
}

/**
 * Staff: marks a new message handled (with a note of how it was answered) or reopens a handled one; the row
 * lock makes a second click wait and then find it changed (409). Each change writes an audit row.
 */
export async function changeContactMessage(
  deps: Deps,
  id: number,
  staffId: number,
  change: { to: ContactMessageStatus; note?: string | undefined },
) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!row) throw new NotFoundError();
    if (row.status === change.to) {
      throw new ConflictError(
        change.to === 'handled' ? PAGES_MESSAGES.contactAlreadyHandled : PAGES_MESSAGES.contactNotHandled,
      );
    }
    const handled = change.to === 'handled';
    const after = {
      status: change.to,
      note: handled ? (change.note ?? null) : null,
      handled_by: handled ? staffId : null,
      handled_at: handled ? new Date() : null,
    };
    await tx.update(contactMessages).set(after).where(eq(contactMessages.id, id));
    await audit(tx, {
      action: handled ? 'contact-messages.handle' : 'contact-messages.reopen',
      target: { type: 'contact_message', id, userId: row.user_id },
      before: { status: row.status, note: row.note },
      after: { status: after.status, note: after.note },
    });
  });
  const [row] = await deps.db
    .select({ message: contactMessages, user: senderColumns })
    .from(contactMessages)
    .innerJoin(users, eq(users.id, contactMessages.user_id))
    .where(eq(contactMessages.id, id));
  return {
    data: toAdminView(row!.message, row!.user),
    message: change.to === 'handled' ? PAGES_MESSAGES.contactHandled : PAGES_MESSAGES.contactReopened,
  };
}

/** `GET starting`: the first steps of the account, each read from what the account holds (one query). */
export async function starting(deps: Deps, userId: number) {
  const [row] = await rowsOf<Record<StartingStep, boolean>>(
    deps.db,
    sql`
    select
      (u.email_verified_at is not null) as email_verified,
      exists (select 1 from apps a where a.user_id = u.id) as app_added,
      exists (select 1 from keywords k join apps a on a.id = k.app_id where a.user_id = u.id) as keywords_tracked,
      exists (select 1 from payments p where p.user_id = u.id and p.status = 'credited') as topped_up,
      exists (select 1 from campaigns c where c.user_id = u.id) as campaign_created
    from users u where u.id = ${userId}`,
  );
  return { data: STARTING_STEPS.map((step) => ({ step, done: row?.[step] === true })) };
}

/** `GET errors`: every message text the server answers with, by key (the web's message keys). */
export const ERRORS_CATALOGUE: Record<string, string> = {
  ...MESSAGES,
  ...Object.fromEntries(Object.entries(STORE_LINK_MESSAGES).map(([key, text]) => [`storeLink.${key}`, text])),
  ...Object.fromEntries(Object.entries(CAMPAIGN_MESSAGES).map(([key, text]) => [`campaign.${key}`, text])),
  ...Object.fromEntries(Object.entries(ACCESS_MESSAGES).map(([key, text]) => [`access.${key}`, text])),
  ...Object.fromEntries(Object.entries(PAGES_MESSAGES).map(([key, text]) => [`pages.${key}`, text])),
};

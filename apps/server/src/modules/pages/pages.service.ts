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
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { escapeHtml } from '../../lib/html.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import {
  contactMessageWithSender,
  insertContactMessage,
  lockContactMessage,
  pageContactMessages,
  personalManagerOf,
  senderOf,
  startingStepsOf,
  updateContactMessage,
  type ContactMessageQuery,
  type ContactMessageRow,
} from './pages.repo.js';

/** `GET contacts`: support's channels (configuration) and the caller's personal manager, if assigned. */
export async function contacts(deps: Deps, userId: number): Promise<ContactsResponse> {
  const manager = await personalManagerOf(deps.db, userId);
  const { supportEmail, supportTelegram } = deps.config;
  return {
    channels: [
      { type: 'email', value: supportEmail },
      ...(supportTelegram ? [{ type: 'telegram' as const, value: supportTelegram }] : []),
    ],
    manager: manager ?? null,
  };
}

/**
 * `POST contacts`: the message is stored for staff and mailed to support's address (over SMTP when
 * configured, else to the outbox) with the sender as the reply address.
 */
export async function sendContactMessage(deps: Deps, userId: number, body: ContactMessageBody) {
  const sender = await senderOf(deps.db, userId);
  await insertContactMessage(deps.db, userId, body);
  const from = `${sender!.nickname} <${sender!.email}> (user #${userId})`;
  await deps.jobs.send('mail.send', {
    to: deps.config.supportEmail,
    subject: `[Contact] ${body.subject}`,
    text: `${from}\n\n${body.message}`,
    html: `<p>${escapeHtml(from)}</p><p style="white-space:pre-wrap">${escapeHtml(body.message)}</p>`,
  });
  return { message: PAGES_MESSAGES.contactSent };
}

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
export async function listContactMessages(deps: Deps, query: ContactMessageQuery) {
  const { rows, total } = await pageContactMessages(deps.db, query);
  return {
    data: rows.map(({ row, user }) => toAdminView(row, user)),
    meta: pageMeta(total, query.page, query.limit),
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
    const row = await lockContactMessage(tx, id);
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
    await updateContactMessage(tx, id, after);
    await audit(tx, {
      action: handled ? 'contact-messages.handle' : 'contact-messages.reopen',
      target: { type: 'contact_message', id, userId: row.user_id },
      before: { status: row.status, note: row.note },
      after: { status: after.status, note: after.note },
    });
  });
  const row = await contactMessageWithSender(deps.db, id);
  return {
    data: toAdminView(row!.message, row!.user),
    message: change.to === 'handled' ? PAGES_MESSAGES.contactHandled : PAGES_MESSAGES.contactReopened,
  };
}

/** `GET starting`: the first steps of the account, each read from what the account holds (one query). */
export async function starting(deps: Deps, userId: number) {
  const row = await startingStepsOf(deps.db, userId);
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

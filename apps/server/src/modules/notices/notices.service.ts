import {
  NOTICE_MESSAGES,
  noticeText,
  type Locale,
  type Notice,
  type NoticeKey,
  type NoticeTemplate,
  type adminNoticeListQuerySchema,
  type noticeEmailPreferencesSchema,
  type noticeListQuerySchema,
  type noticeTemplateBodySchema,
  type noticeTemplateListQuerySchema,
  type sendNoticeBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { drainOutbox } from '../../lib/batches.js';
import { audit } from '../audit/audit.js';
import { renderMail } from '../mail/mail.templates.js';
import { userExists } from '../users/users.repo.js';
import * as repo from './notices.repo.js';
import type { NoticeRow, TemplateRow } from './notices.repo.js';

/** A notice's text for its reader: a staff text as written, a system notice in the reader's language. */
const textOf = (row: NoticeRow, locale: Locale) =>
  row.key ? noticeText(locale, row.key as NoticeKey, row.params) : (row.text ?? '');

function toView(row: NoticeRow, locale: Locale): Notice {
  return {
    id: row.id,
    external_id: row.external_id,
    user_id: row.user_id,
    type: row.type,
    text: textOf(row, locale),
    campaign_id: row.campaign_id,
    is_read: row.viewed_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

async function pageOf(db: Db, userId: number, page: number, limit: number, onlyUnread: boolean) {
  const { rows, total } = await repo.noticesPage(db, userId, page, limit, onlyUnread);
  return { rows, meta: pageMeta(total, page, limit) };
}

/** `GET notices`: the caller's notices, newest first, and their unread count. */
export async function listOwn(
  db: Db,
  userId: number,
  query: z.output<typeof noticeListQuerySchema>,
  locale: Locale,
) {
  const [{ rows, meta }, unread] = await Promise.all([
    pageOf(db, userId, query.page, query.limit, query.unread === '1'),
    repo.unreadCount(db, userId),
  ]);
  return { data: rows.map((row) => toView(row, locale)), meta, unread };
}

/** `PUT notices/{id}/view`: marks one of the caller's notices viewed (once; another's is a 404). */
export async function viewOwn(db: Db, userId: number, id: number, locale: Locale) {
  const row = await repo.markViewed(db, userId, id);
  if (!row) throw new NotFoundError();
  return { data: toView(row, locale) };
}

/** `GET notifications`: the caller's pinned notifications still shown. */
export async function listNotifications(db: Db, userId: number) {
  const rows = await repo.activeNotifications(db, userId);
  return {
    data: rows.map((row) => ({ id: row.id, body: row.body, created_at: row.created_at.toISOString() })),
  };
}

/** `PUT notifications/deactivate/{id}`: the caller dismisses one of theirs. */
export async function deactivateNotification(db: Db, userId: number, id: number) {
  if (!(await repo.deactivateNotification(db, userId, id))) throw new NotFoundError();
  return { message: NOTICE_MESSAGES.notificationDismissed };
}

/** `GET notices/email-preferences`: the notice types the caller also receives by e-mail. */
export async function emailPreferences(db: Db, userId: number) {
  return { data: { types: await repo.emailTypesOf(db, userId) } };
}

/** `PUT notices/email-preferences`: replaces the caller's choice. */
export async function setEmailPreferences(
  db: Db,
  userId: number,
  body: z.output<typeof noticeEmailPreferencesSchema>,
) {
  await repo.replaceEmailTypes(db, userId, [...new Set(body.types)]);
  return { ...(await emailPreferences(db, userId)), message: NOTICE_MESSAGES.preferencesSaved };
}

// ---------------------------------------------------------------- staff

/** `GET notices` (staff): one user's notices, for the messages tab of user details. */
export async function adminList(db: Db, query: z.output<typeof adminNoticeListQuerySchema>, locale: Locale) {
  const { rows, meta } = await pageOf(db, query.user_id, query.page, query.limit, false);
  return { data: rows.map((row) => toView(row, locale)), meta };
}

async function templateById(db: Db, id: number) {
  const row = await repo.templateById(db, id);
  if (!row) throw ValidationError.field('template_id', NOTICE_MESSAGES.templateNotFound);
  return row;
}

/** `POST notices` (staff): a notice to one user, its text written or copied from a template. */
export async function send(
  db: Db,
  actorId: number,
  body: z.output<typeof sendNoticeBodySchema>,
  locale: Locale,
) {
  const text = body.text || (await templateById(db, body.template_id!)).text;
  const row = await db.transaction(async (tx) => {
    if (!(await userExists(tx, body.user_id))) throw new NotFoundError();
    const wanted = await repo.wantsEmail(tx, body.user_id, body.type);
    const created = await repo.insertNotice(tx, {
      user_id: body.user_id,
      external_id: body.external_id || null,
      type: body.type,
      text,
      sent_by: actorId,
      mail_status: wanted ? 'pending' : 'none',
    });
    if (body.pinned) await repo.insertNotification(tx, body.user_id, text);
    await audit(tx, {
      action: 'notices.send',
      target: { type: 'notice', id: created.id, userId: body.user_id },
      after: { type: body.type, text, external_id: created.external_id, pinned: body.pinned },
    });
    return created;
  });
  return { data: toView(row, locale), message: NOTICE_MESSAGES.sent };
}

const templateView = (row: TemplateRow): NoticeTemplate => ({
  id: row.id,
  name: row.name,
  text: row.text,
  updated_at: row.updated_at.toISOString(),
});

/** `GET notices/notice-templates`: by name; `limit` 0 lists them all (the send form's picker). */
export async function listTemplates(db: Db, query: z.output<typeof noticeTemplateListQuerySchema>) {
  const limit = query.limit || 1000;
  const { rows, total } = await repo.templatesPage(db, query.page, limit);
  return { data: rows.map(templateView), meta: pageMeta(total, query.page, limit) };
}

type TemplateBody = z.output<typeof noticeTemplateBodySchema>;

/** `POST notices/notice-templates`. */
export async function createTemplate(db: Db, body: TemplateBody) {
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertTemplate(tx, body);
    await audit(tx, {
      action: 'notice-templates.create',
      target: { type: 'notice-template', id: created.id },
      after: body,
    });
    return created;
  });
  return { data: templateView(row), message: NOTICE_MESSAGES.templateSaved };
}

/** `PUT notices/notice-templates/{id}`. */
export async function updateTemplate(db: Db, id: number, body: TemplateBody) {
  const row = await db.transaction(async (tx) => {
    const before = await repo.lockTemplate(tx, id);
    if (!before) throw new NotFoundError();
    const after = await repo.updateTemplate(tx, id, body);
    await audit(tx, {
      action: 'notice-templates.update',
      target: { type: 'notice-template', id },
      before: { name: before.name, text: before.text },
      after: body,
    });
    return after;
  });
  return { data: templateView(row), message: NOTICE_MESSAGES.templateSaved };
}

/** `DELETE notices/notice-templates/{id}`: notices sent from it keep their copied text. */
export async function deleteTemplate(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await repo.deleteTemplate(tx, id);
    if (!row) throw new NotFoundError();
    await audit(tx, {
      action: 'notice-templates.delete',
      target: { type: 'notice-template', id },
      before: { name: row.name, text: row.text },
    });
  });
  return { message: NOTICE_MESSAGES.templateDeleted, count: 1 };
}

// ---------------------------------------------------------------- e-mail

/**
 * The mail job (every minute): each notice waiting for its e-mail is mailed in its reader's language
 * (template `notice`) and marked sent. A burst is mailed in one run; a failing one is tried again next minute,
 * the rest go on.
 */
export function mailPendingNotices(deps: Deps, batch = 100) {
  return drainOutbox(
    (limit) => repo.noticesAwaitingMail(deps.db, limit),
    async ({ notice, user }) => {
      const locale = user.locale as Locale;
      const mail = await renderMail(deps.db, 'notice', locale, {
        name: user.nickname,
        email: user.email,
        link: `${deps.config.publicUrl}/${notice.campaign_id ? `campaigns?campaignId=${notice.campaign_id}` : 'dashboard'}`,
        text: textOf(notice, locale),
      });
      await deps.jobs.send('mail.send', { to: user.email, ...mail });
      await repo.markMailed(deps.db, notice.id);
    },
    { what: 'notices.mail', contextOf: ({ notice }) => ({ noticeId: notice.id }), batch },
  );
}

import { NOTICE_TYPES, type NoticeKey, type NoticeTypeName } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import type { SQL } from 'drizzle-orm';
import { insertSystemNotice, systemNoticeInsert, type SystemNoticeRow } from './notices.repo.js';

/** A system event a customer is told about (docs/notices.md, "System notices"). */
export interface SystemNotice {
  userId: number;
  type: NoticeTypeName;
  key: NoticeKey;
  params?: Record<string, string | number>;
  campaignId?: number | null;
  /** The caller mails the event itself, with a template of its own: the notice is not mailed again. */
  mailedApart?: boolean;
}

/**
 * Writes a system notice in the caller's transaction, so it exists exactly when the event does; when the
 * customer chose this type by e-mail it is queued for the mail job (`mailPendingNotices`), decided in the same
 * statement.
 */
export async function notify(tx: Queryable, notice: SystemNotice) {
  await insertSystemNotice(tx, noticeRow(notice));
}

/** notify()'s statement, to run beside others in one (crediting a payment). */
export function noticeInsert(notice: SystemNotice): SQL {
  return systemNoticeInsert(noticeRow(notice));
}

function noticeRow(notice: SystemNotice): SystemNoticeRow {
  return {
    userId: notice.userId,
    type: NOTICE_TYPES[notice.type],
    key: notice.key,
    params: Object.fromEntries(
      Object.entries(notice.params ?? {}).map(([name, value]) => [name, String(value)]),
    ),
    campaignId: notice.campaignId ?? null,
    mailable: !notice.mailedApart,
  };
}

import { NOTICE_TYPES, type NoticeKey, type NoticeTypeName } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { insertNotice, wantsEmail } from './notices.repo.js';

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
 * customer chose this type by e-mail it is queued for the mail job (`mailPendingNotices`).
 */
export async function notify(tx: Queryable, notice: SystemNotice) {
  const type = NOTICE_TYPES[notice.type];
  const wanted = !notice.mailedApart && (await wantsEmail(tx, notice.userId, type));
  const params = Object.fromEntries(
    Object.entries(notice.params ?? {}).map(([name, value]) => [name, String(value)]),
  );
  return insertNotice(tx, {
    user_id: notice.userId,
    type,
    key: notice.key,
    params,
    campaign_id: notice.campaignId ?? null,
    mail_status: wanted ? 'pending' : 'none',
  });
}

import {
  MESSAGES,
  SECURITY_MESSAGES,
  type AccessListEntry,
  type accessListEntryBodySchema,
  type accessListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { currentActor } from '../audit/request-context.js';
import { identityOf } from '../users/users.repo.js';
import { blockedBy, forgetAccessLists, type AccessFacts } from './access-lists.cache.js';
import {
  bumpAccessListVersion,
  deleteEntry as deleteEntryRow,
  insertEntry,
  pageEntries,
} from './access-lists.repo.js';
import type { EntryRow } from './access-lists.repo.js';

/*
 * Access lists (staff-admin §2, §3, §7 `user-access-list`): staff list, add and delete entries; the checks
 * (`refuseBlocked`) run where a customer signs up, signs in, tops up or adds an app.
 */

type Row = EntryRow;

const toView = (row: Row, creator: { id: number | null; email: string | null } | null): AccessListEntry => ({
  id: row.id,
  list_type: row.list_type,
  category: row.category,
  value: row.value,
  date: row.date,
  description: row.description,
  created_by: creator?.id == null ? null : { id: creator.id, email: creator.email ?? '' },
  created_at: row.created_at.toISOString(),
});

/** What the audit log keeps of an entry. */
const auditView = (row: Row) => ({
  list_type: row.list_type,
  category: row.category,
  value: row.value,
  date: row.date,
  description: row.description,
});

/** `GET user-access-list`: one page, filtered by list, category and a search in value or description. */
export async function listEntries(db: Db, query: z.output<typeof accessListQuerySchema>) {
  const { rows, total } = await pageEntries(db, query);
  return {
    data: rows.map(({ entry, creator }) => toView(entry, creator)),
    meta: pageMeta(total, query.page, query.limit),
  };
}

/** `POST user-access-list`: adds an entry (the same list, category and value twice is a 422). */
export async function createEntry(db: Db, body: z.output<typeof accessListEntryBodySchema>) {
  const { actorId } = currentActor();
  const row = await db.transaction(async (tx) => {
    const created = await insertEntry(tx, { ...body, created_by: actorId });
    if (!created) throw ValidationError.field('value', SECURITY_MESSAGES.entryExists);
    await bumpAccessListVersion(tx);
    await audit(tx, {
      action: 'access-lists.create',
      target: { type: 'access_list_entry', id: created.id },
      after: auditView(created),
    });
    return created;
  });
  forgetAccessLists(db);
  const creator = await identityOf(db, actorId ?? 0);
  return { data: toView(row, creator ?? null), message: SECURITY_MESSAGES.entrySaved };
}

/** `DELETE user-access-list/{id}`: lifts the entry at once in this process, within a second in every other. */
export async function deleteEntry(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await deleteEntryRow(tx, id);
    if (!row) throw new NotFoundError();
    await bumpAccessListVersion(tx);
    await audit(tx, {
      action: 'access-lists.delete',
      target: { type: 'access_list_entry', id },
      before: auditView(row),
    });
  });
  forgetAccessLists(db);
  return { message: SECURITY_MESSAGES.entryDeleted, count: 1 };
}

/**
 * Refuses a customer's request (sign-up, sign-in, top-up) when its e-mail, address or country is
 * black-listed: 403 with a message the public pages translate. The address is the request's.
 */
export async function refuseBlocked(db: Db, facts: Omit<AccessFacts, 'ip' | 'packageId'>) {
  if (await blockedBy(db, { ...facts, ip: currentActor().ip }))
    throw new ForbiddenError(MESSAGES.accessBlocked);
}

/** Refuses a black-listed app (`POST apps`) on its package field. */
export async function refuseBlockedApp(db: Db, packageId: string) {
  if (await blockedBy(db, { packageId })) throw ValidationError.field('package', MESSAGES.appBlocked);
}

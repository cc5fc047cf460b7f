import {
  TRANSFER_EXPIRY_DAYS_DEFAULT,
  TRANSFER_PAYMENT_MESSAGES,
  TRANSFER_PAYSYSTEMS,
  hasReceivingDetails,
  type receivingSettingsBodySchema,
  type ReceivingDetails,
  type ReceivingSettings,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { audit } from '../audit/audit.js';
import { settingValues, storeSetting } from './transfer-payments.repo.js';

/*
 * Our receiving accounts for bank transfer, Wise and Payoneer, and the days a transfer payment waits
 * (docs/money.md, Paying by transfer): two rows of `settings`, edited on the core settings page.
 */

const DETAILS_KEY = 'transfer_receiving_details';
const EXPIRY_KEY = 'transfer_expiry_days';

const EMPTY: ReceivingDetails = {
  beneficiary: '',
  bank_name: '',
  account: '',
  swift: '',
  routing: '',
  bank_address: '',
};

/** The stored settings; a system never saved has empty details (not offered), the expiry its default. */
export async function readReceivingSettings(db: Queryable): Promise<ReceivingSettings> {
  const values = await settingValues(db, [DETAILS_KEY, EXPIRY_KEY]);
  const stored = values.get(DETAILS_KEY);
  const list = Array.isArray(stored) ? (stored as ReceivingSettings['systems']) : [];
  const days = Number(values.get(EXPIRY_KEY));
  return {
    expiry_days: Number.isInteger(days) && days > 0 ? days : TRANSFER_EXPIRY_DAYS_DEFAULT,
    systems: TRANSFER_PAYSYSTEMS.map((id) => ({
      ...EMPTY,
      ...list.find((system) => system.paysystem_id === id),
      paysystem_id: id,
    })),
  };
}

/** The transfer systems whose receiving details are filled: those offered to customers. */
export async function receivableSystems(db: Queryable): Promise<Set<number>> {
  const { systems } = await readReceivingSettings(db);
  return new Set(systems.filter(hasReceivingDetails).map((system) => system.paysystem_id));
}

/** Our receiving details for one system (empty fields when staff have not set them). */
export async function receivingDetailsOf(db: Queryable, paysystemId: number): Promise<ReceivingDetails> {
  const { systems } = await readReceivingSettings(db);
  const { paysystem_id: _id, ...details } = systems.find((system) => system.paysystem_id === paysystemId) ?? {
    ...EMPTY,
    paysystem_id: paysystemId,
  };
  return details;
}

/** Replaces the stored settings. */
export async function storeReceivingSettings(db: Queryable, value: ReceivingSettings) {
  await storeSetting(db, DETAILS_KEY, value.systems);
  await storeSetting(db, EXPIRY_KEY, value.expiry_days);
}

/** Whether staff (or the demo seed) ever saved receiving details. */
export const receivingSettingsStored = async (db: Queryable) =>
  (await settingValues(db, [DETAILS_KEY])).has(DETAILS_KEY);

/** `GET receiving-details` (core settings). */
export const receivingSettings = async (db: Db) => ({ data: await readReceivingSettings(db) });

/** `PUT receiving-details` (staff): saves the three systems' details and the expiry, audited when they change. */
export async function changeReceivingSettings(db: Db, body: z.output<typeof receivingSettingsBodySchema>) {
  await db.transaction(async (tx) => {
    const before = await readReceivingSettings(tx);
    const after: ReceivingSettings = {
      expiry_days: body.expiry_days,
      systems: TRANSFER_PAYSYSTEMS.map((id) => body.systems.find((system) => system.paysystem_id === id)!),
    };
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await storeReceivingSettings(tx, after);
    await audit(tx, {
      action: 'paysystems.update',
      target: { type: 'settings', id: 'receiving-details' },
      before,
      after,
    });
  });
  return { ...(await receivingSettings(db)), message: TRANSFER_PAYMENT_MESSAGES.detailsSaved };
}

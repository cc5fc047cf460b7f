import { MESSAGES, type MaintenanceBody } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { audit } from '../audit/audit.js';
import { readMaintenance, setMaintenance } from './core-settings.repo.js';

/** `GET maintenance` (admin). */
export async function getMaintenance(db: Db) {
  return { data: await readMaintenance(db) };
}

/** `PUT maintenance` (admin): on or off, with staff's note; audited. */
export async function changeMaintenance(db: Db, body: MaintenanceBody) {
  const before = await readMaintenance(db);
  await db.transaction(async (tx) => {
    await setMaintenance(tx, body.enabled, body.message || null);
    await audit(tx, {
      action: 'settings.maintenance',
      target: { type: 'settings', id: 'maintenance' },
      before,
      after: body,
    });
  });
  return { data: await readMaintenance(db), message: MESSAGES.actionSaved };
}

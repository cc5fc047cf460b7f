import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { settingValue } from './core-settings.repo.js';

const SECRET_KEY = 'signing_secret';
const secrets = new WeakMap<Db, Promise<string>>();

/** A fresh value for the `signing_secret` setting (seeded once per installation). */
export const newSigningSecret = () => randomBytes(32).toString('base64url');

/**
 * The installation's signing secret (the key of `lib/signing.ts`): kept in `settings`, so every API and worker
 * process on the same database signs and checks alike. Read once per database.
 */
export function signingSecret(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      const value = await settingValue(db, SECRET_KEY);
      if (typeof value !== 'string') throw new Error('The signing secret is missing: run the reference seed');
      return value;
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

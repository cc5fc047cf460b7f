import { outboxDir } from '../app.js';
import type { Deps } from '../deps.js';
import { queueStatusRefresh, refreshAppCountries } from '../modules/apps/apps.status.js';
import { checkRanks, queueDailyRanks } from '../modules/keywords/ranks.js';
import { createMailer } from '../modules/mail/mailer.js';

/** When the scheduled jobs run (UTC): app statuses every 6 hours, the daily rank sample after midnight. */
export const SCHEDULES = {
  'apps.refresh-all': '0 */6 * * *',
  'keywords.daily': '30 0 * * *',
} as const;

/** Starts every queue's handler in this process and registers the schedules. */
export async function startWorkers(deps: Deps) {
  const { jobs, config } = deps;
  await jobs.work('mail.send', createMailer({ smtpUrl: config.smtpUrl, outboxDir: outboxDir(config) }));
  await jobs.work('apps.refresh-all', () => queueStatusRefresh(deps));
  await jobs.work('apps.refresh', (data) => refreshAppCountries(deps, data.appCountryIds));
  await jobs.work('keywords.daily', () => queueDailyRanks(deps));
  // Update-all waits on these: fetch several batches at a time, twice a second.
  await jobs.work('keywords.check-ranks', (data) => checkRanks(deps, data), {
    batchSize: 4,
    pollingIntervalSeconds: 0.5,
  });
  await jobs.schedule('apps.refresh-all', SCHEDULES['apps.refresh-all'], {});
  await jobs.schedule('keywords.daily', SCHEDULES['keywords.daily'], {});
}

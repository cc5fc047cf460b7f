import { buildApp } from './app.js';
import { bootstrap } from './bootstrap.js';
import {
  configProblem,
  loadConfig,
  outboundAllowNotice,
  productionProblem,
  sandboxesOn,
  sandboxWarning,
} from './config.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed.js';
import { startWorkers } from './workers.js';

/** Serves the API, the web app and (unless WORKERS=0 on PostgreSQL) the job workers in one process. */
const config = loadConfig();
const problem = configProblem() ?? productionProblem(config);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const { database, jobs, store, deps } = await bootstrap(config, { ownsDemoData: true });
// PGlite belongs to one process, so its jobs must be worked here.
if (database.kind === 'pglite' || process.env.WORKERS !== '0') await startWorkers(deps);
const app = await buildApp({ config, database, jobs, store, logger: { level: config.logLevel } });
const warning = sandboxWarning(config);
if (warning) app.log.warn({ sandboxes: sandboxesOn(config) }, warning);
const outboundAllowed = outboundAllowNotice(config);
if (outboundAllowed) app.log.warn({ outboundAllow: config.outboundAllow }, outboundAllowed);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await app.close();
  await jobs.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(`\nStorelift is running at ${config.publicUrl}  (API reference: ${config.publicUrl}/api/docs)`);
console.log(`Database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL'}`);
if (config.sandbox) console.log(`Dev mailbox: ${config.publicUrl}/dev/mailbox`);
if (config.demoData) {
  console.log(
    `Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((account) => account.email).join(', ')}\n`,
  );
}

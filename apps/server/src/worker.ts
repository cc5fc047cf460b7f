import { bootstrap } from './bootstrap.js';
import {
  configProblem,
  loadConfig,
  outboundAllowNotice,
  productionProblem,
  sandboxWarning,
} from './config.js';
import { startWorkers } from './workers.js';

/** A worker-only process beside API processes; needs PostgreSQL (PGlite belongs to one process). */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'npm run worker needs DATABASE_URL: with the embedded database, npm start runs the workers itself.',
  );
  process.exit(1);
}
const problem = configProblem() ?? productionProblem(config);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const warning = sandboxWarning(config);
if (warning) console.warn(`WARNING: ${warning}`);
const outboundAllowed = outboundAllowNotice(config);
if (outboundAllowed) console.warn(outboundAllowed);
const { database, jobs, deps } = await bootstrap(config, { ownsDemoData: false });
await startWorkers(deps);
console.log('Storelift worker is processing jobs');

async function shutdown() {
  await jobs.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

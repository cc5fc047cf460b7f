// npm test: typecheck, lint and format check, then unit and integration tests, then the browser tests.
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { run, runTogether } from './run.mjs';
import { chromiumPath } from '../e2e/chromium-path.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const opts = { cwd: root };
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];

run(process.execPath, ['scripts/tsc.mjs', '-b'], opts);
// Each of these keeps one core busy: side by side on two.
await runTogether(
  [
    ['npx', ['eslint', '.', '--max-warnings', '0']],
    ['npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ],
  opts,
);
/** Whether something listens on a local port (a connection within a second). */
const listening = (port) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1_000 });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket
      .once('connect', () => done(true))
      .once('error', () => done(false))
      .once('timeout', () => done(false));
  });

// The integration suite runs on a local PostgreSQL (and Redis, for its many-processes tests) when both answer:
// a third faster than on embedded PGlite. CI runs it once more on PGlite afterwards (.ci/run). The browser
// journeys' servers then run on databases of that PostgreSQL too, as in production.
const env = { ...process.env };
if (!env.TEST_DATABASE_URL && (await listening(5432)) && (await listening(6379))) {
  env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
}
const e2eEnv = { ...process.env };
if (!e2eEnv.E2E_DATABASE_URL && env.TEST_DATABASE_URL) e2eEnv.E2E_DATABASE_URL = env.TEST_DATABASE_URL;
console.log(
  `Integration tests and browser journeys' servers on ${env.TEST_DATABASE_URL ? `PostgreSQL (${env.TEST_DATABASE_URL})` : 'embedded PGlite'}`,
);
const unit = [
  process.execPath,
  [...vitest, '--project', 'shared', '--project', 'web', '--project', 'server'],
  { ...opts, env },
];

if (chromiumPath()) {
  // One after the other: side by side on two cores (four test workers, two servers and the browsers) both
  // took longer than the two in turn, and the journeys' waits ran out.
  run(...unit);
  run('npm', ['run', 'build', '-w', '@storelift/web'], opts);
  run(process.execPath, [...vitest, '--project', 'e2e'], { ...opts, env: e2eEnv });
} else if (process.env.CI) {
  console.error('\n✖ Chromium is missing: CI never skips the browser tests (apt-get install -y chromium).');
  process.exit(1);
} else {
  run(...unit);
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! BROWSER TESTS SKIPPED: no Chromium found (apt-get install -y chromium).\n!! CI runs them; install Chromium to run them here.\n${line}\n`,
  );
}

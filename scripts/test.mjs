// npm test: typecheck, lint and format check, then unit and integration tests, then the browser tests.
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
const unit = [
  process.execPath,
  [...vitest, '--project', 'shared', '--project', 'web', '--project', 'server'],
];

if (chromiumPath()) {
  // One after the other: side by side on two cores (four test workers, two servers and the browsers) both
  // took longer than the two in turn, and the journeys' waits ran out.
  run(...unit, opts);
  run('npm', ['run', 'build', '-w', '@storelift/web'], opts);
  run(process.execPath, [...vitest, '--project', 'e2e'], opts);
} else if (process.env.CI) {
  console.error('\n✖ Chromium is missing: CI never skips the browser tests (apt-get install -y chromium).');
  process.exit(1);
} else {
  run(...unit, opts);
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! BROWSER TESTS SKIPPED: no Chromium found (apt-get install -y chromium).\n!! CI runs them; install Chromium to run them here.\n${line}\n`,
  );
}

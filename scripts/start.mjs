// npm start: builds what is stale, then runs the server (migrations, demo data, API, web app, workers).
import { fileURLToPath } from 'node:url';
import { webBuildIsStale } from './build-state.mjs';
import { run } from './run.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// tsc -b is incremental: it rebuilds the shared package and the server only when they changed.
run(process.execPath, ['scripts/tsc.mjs', '-b', 'packages/shared', 'apps/server'], { cwd: root });
if (webBuildIsStale(root)) {
  console.log('Building the web app…');
  run('npm', ['run', 'build', '-w', '@storelift/web'], { cwd: root });
}
process.chdir(root);
await import('../apps/server/dist/server.js');

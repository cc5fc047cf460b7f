// npm run dev: the API with reload on change (port 3000) and Vite's dev server (port 5173) side by side.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { run } from './run.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
run(process.execPath, ['scripts/tsc.mjs', '-b', 'packages/shared'], { cwd: root });
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server.ts'], {
    cwd: `${root}/apps/server`,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: process.env.DATA_DIR ?? `${root}/data`,
      WEB_DIST: '',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    },
  }),
  spawn('npx', ['vite'], { cwd: `${root}/apps/web`, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));

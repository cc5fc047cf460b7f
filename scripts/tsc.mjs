// Runs TypeScript 7 (native, fast) for builds and type checks; typescript 5.9 stays for typescript-eslint.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const pkg = createRequire(import.meta.url).resolve('typescript7/package.json');
const tsc = join(dirname(pkg), 'bin', 'tsc');
const { status } = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(status ?? 1);

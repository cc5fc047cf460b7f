// Small helpers for the root scripts: run a command and stop on failure.
import { spawnSync } from 'node:child_process';

/** Runs a command with inherited output; exits the script with its code when it fails. */
export function run(command, args, options = {}) {
  const { status } = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (status !== 0) {
    console.error(`\n✖ ${[command, ...args].join(' ')} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
}

// Small helpers for the root scripts: run a command and stop on failure.
import { spawn, spawnSync } from 'node:child_process';

/** Runs a command with inherited output; exits the script with its code when it fails. */
export function run(command, args, options = {}) {
  const { status } = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (status !== 0) {
    console.error(`\n✖ ${[command, ...args].join(' ')} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
}

/** Runs commands side by side (each `[command, args]`, inherited output); exits when any of them fails. */
export async function runTogether(commands, options = {}) {
  const codes = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          spawn(command, args, { stdio: 'inherit', ...options }).on('close', (status) => {
            if (status !== 0) console.error(`\n✖ ${[command, ...args].join(' ')} failed (exit ${status})`);
            resolve(status);
          });
        }),
    ),
  );
  const failed = codes.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed ?? 1);
}

import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * PGlite has no lock of its own and two processes on one data directory corrupt it: take a lock
 * file holding our pid, and refuse to start while another live process holds it.
 */
export function acquireDataDirLock(path: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(`The database in ${path.replace(/db\.lock$/, '')} is in use by process ${pid}`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Cannot lock ${path}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

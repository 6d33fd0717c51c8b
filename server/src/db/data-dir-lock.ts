/**
 * One server per data folder: two on one embedded database would corrupt PGlite's files, and
 * the second's PostgreSQL would be refused anyway. The first writes its pid into
 * DATA_DIR/server.pid; a second is refused while that process lives.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Takes the folder, or throws naming the server that has it. Returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, 'server.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      throw new Error(`the data folder ${dataDir} is in use by another server (pid ${pid}); stop it or set DATA_DIR`);
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

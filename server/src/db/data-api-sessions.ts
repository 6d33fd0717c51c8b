/**
 * The data API's sessions in the embedded PostgreSQL yield to the game's. PostgreSQL starts every
 * backend in a session of its own, and where the kernel groups the scheduler by session
 * (autogroup, on by default in many kernels) each session gets an equal share of the CPU whatever
 * its nice value: ten strangers' costly reads, each running up to its 3 s time-out, took ten
 * shares against the one of the backend committing every game's moves (bench:api: a move's p99
 * 291 ms with them; 36 ms once their groups were set to nice 19). So every second, the sessions
 * PostgREST opened (as `authenticator`) are set to nice 19, process and autogroup alike, as
 * PostgREST itself runs. Where the kernel has no autogroup, the process's nice is what counts.
 */
import { writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import type pg from 'pg';

export const DATA_API_NICENESS = 19;

export interface DataApiSessions {
  stop(): void;
}

export function lowerDataApiSessions(pool: pg.Pool, everyMs = 1_000): DataApiSessions {
  const lowered = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const lower = async () => {
    try {
      const { rows } = await pool.query<{ pid: number }>(`select pid from pg_stat_activity where usename = 'authenticator' and backend_type = 'client backend'`);
      const now = new Set(rows.map((row) => row.pid));
      for (const pid of lowered) if (!now.has(pid)) lowered.delete(pid);
      for (const pid of now) {
        if (lowered.has(pid)) continue;
        lowered.add(pid);
        await lowerPriority(pid);
      }
    } catch {
      // The database is restarting: its supervisor says so; the next turn finds the new sessions.
    }
    if (!stopped) timer = setTimeout(() => void lower(), everyMs).unref();
  };
  void lower();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Nice 19 for the process and for its scheduling group; either may be refused (another user's, no autogroup). */
async function lowerPriority(pid: number): Promise<void> {
  try {
    setPriority(pid, DATA_API_NICENESS);
  } catch {
    // gone, or not ours to change
  }
  await writeFile(`/proc/${pid}/autogroup`, String(DATA_API_NICENESS)).catch(() => undefined);
}

/**
 * Where the CPU went while the hostile clients ran: the server's process tree read from /proc
 * (Linux) at the start and at the end of a run, each process's CPU time put in a group: the game
 * server's node process, PostgREST, the embedded database's sessions by who opened them (PostgREST's
 * `authenticator` or the game server's `postgres`), its other processes, and PGlite's process.
 * A process that ended within the run is missed (PostgREST's and the server's sessions last).
 */
import { readFileSync } from 'node:fs';
import { processStat, processTree } from '../../server/src/db/process-tree';

export type CpuSnapshot = Map<number, { group: string; seconds: number }>;

function group(pid: number, root: number, command: string): string {
  if (pid === root) return 'game server (node)';
  if (command.includes('postgrest')) return 'PostgREST';
  if (command.startsWith('postgres: authenticator')) return 'database sessions of PostgREST';
  if (command.startsWith('postgres: postgres')) return 'database sessions of the game server';
  if (command.startsWith('postgres:') || command.includes('/bin/postgres')) return 'database, other processes';
  if (command.includes('pglite-process')) return 'PGlite';
  return 'other';
}

export function cpuSnapshot(root: number): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  for (const pid of processTree(root)) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const stat = processStat(pid);
      if (stat) snapshot.set(pid, { group: group(pid, root, command), seconds: stat.cpuSeconds });
    } catch {
      // gone meanwhile
    }
  }
  return snapshot;
}

/** CPU seconds of each group between two snapshots. */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const seconds: Record<string, number> = {};
  for (const [pid, { group, seconds: now }] of after) {
    const used = now - (before.get(pid)?.seconds ?? 0);
    seconds[group] = Math.round(((seconds[group] ?? 0) + used) * 10) / 10;
  }
  return seconds;
}

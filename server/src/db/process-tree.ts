/**
 * Ends a process and every process below it, whatever their process groups: PostgreSQL puts each
 * backend in a session of its own (so that the postmaster can signal it alone), so killing the
 * postmaster's group would leave its backends running, holding the shared memory that a new
 * postmaster on the same data refuses to share. Linux only (/proc), as the embedded database is.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second (USER_HZ, sysconf(_SC_CLK_TCK)): 100 on every kernel node runs on. */
const CLOCK_TICKS = 100;

export interface ProcessStat {
  ppid: number;
  /** CPU seconds it has used so far, user and system. */
  cpuSeconds: number;
  /** CPU seconds of its children that ended and were waited for (PostgreSQL's backends). */
  endedChildrenCpuSeconds: number;
}

/** What /proc/PID/stat says of a process, or undefined once it is gone. */
export function processStat(pid: number): ProcessStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
  // After it: ppid is the 2nd field, utime and stime the 12th and 13th, cutime and cstime the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    ppid: Number(fields[1]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
    endedChildrenCpuSeconds: (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS,
  };
}

/** pid → parent pid of every process we can see. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = processStat(pid); // undefined: gone meanwhile
    if (stat) map.set(pid, stat.ppid);
  }
  return map;
}

/** `root` and its descendants, as they are now. */
export function processTree(root: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const [pid, ppid] of parents()) byParent.set(ppid, [...(byParent.get(ppid) ?? []), pid]);
  const tree: number[] = [];
  for (const queue = [root]; queue.length > 0; ) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(byParent.get(pid) ?? []));
  }
  return tree;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * SIGKILL to `root` and all its descendants. They are stopped first and counted again, so that a
 * process forked meanwhile (a new backend) is not missed.
 */
export function killProcessTree(root: number): void {
  const seen = processTree(root);
  for (const pid of seen) signal(pid, 'SIGSTOP');
  for (const pid of new Set([...seen, ...processTree(root)])) signal(pid, 'SIGKILL');
}

/** SIGSTOP (a hang) or SIGCONT to `root` and its descendants: the tests' frozen database. */
export function signalProcessTree(root: number, name: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of processTree(root)) signal(pid, name);
}

/**
 * Ends a process and every process below it, whatever their process groups: PostgreSQL puts each
 * backend in a session of its own (so that the postmaster can signal it alone), so killing the
 * postmaster's group would leave its backends running, holding the shared memory that a new
 * postmaster on the same data refuses to share. Linux only (/proc), as the embedded database is.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** pid → parent pid of every process we can see. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(pid, ppid);
    } catch {
      // gone meanwhile
    }
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

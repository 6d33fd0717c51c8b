/**
 * A command line that runs at a lower scheduling priority where `nice` exists: background work
 * then takes the CPU only after the game server's event loop has had it, so a flood of
 * leaderboard reads does not delay a move. It is not starved: a niced process still runs
 * whenever the CPU has room.
 *
 * PostgREST runs at nice 19 (it only serves the data API). The embedded database runs at nice 10:
 * since every move waits for its commit in the rooms' log (online rooms survive a crash), and at 19 it got about 1.5 %
 * of a core whenever another process kept one busy (a shared CI machine), which made whole test
 * runs crawl; at 10 it still yields to the game server about ten to one.
 */
import { spawnSync } from 'node:child_process';

let available: boolean | undefined;

export function lowPriority(command: string, args: readonly string[], niceness = 19): [string, string[]] {
  available ??= spawnSync('nice', ['-n', '19', 'true'], { stdio: 'ignore' }).status === 0;
  return available ? ['nice', ['-n', String(niceness), command, ...args]] : [command, [...args]];
}

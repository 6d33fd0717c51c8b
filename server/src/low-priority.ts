/**
 * A command line that runs at the lowest scheduling priority (nice 19) where `nice` exists:
 * background work (the embedded database, PostgREST) then takes the CPU only after the game
 * server's event loop has had it, so a flood of leaderboard reads does not delay a move. It is not
 * starved: a niced process still runs whenever the CPU has room.
 */
import { spawnSync } from 'node:child_process';

let available: boolean | undefined;

export function lowPriority(command: string, args: readonly string[]): [string, string[]] {
  available ??= spawnSync('nice', ['-n', '19', 'true'], { stdio: 'ignore' }).status === 0;
  return available ? ['nice', ['-n', '19', command, ...args]] : [command, [...args]];
}

/**
 * One run of `npm run bench:api`'s hostile mode: the rooms are set up, the strangers start
 * (hostile-reads.ts, a process of its own at a low priority), and the rooms play while they send
 * their reads, for at most `deadlineMs`; then what the strangers got, and where the server's CPU
 * went meanwhile (process-cpu.ts).
 */
import { background, games, round, type Background, type GameOptions, type Played } from './api-games';
import type { HostileLoadOptions, HostileResult } from './hostile-reads';
import { cpuBetween, cpuSnapshot } from './process-cpu';

export interface HostileRun {
  played: Played;
  reads: HostileResult;
  /** CPU seconds of each part of the server while the rooms played, and the seconds they played. */
  cpu: Record<string, number>;
}

export async function hostileRun(game: Omit<GameOptions, 'beforePlay'>, strangers: HostileLoadOptions, serverPid: number): Promise<HostileRun> {
  let load: Background<HostileResult> | undefined;
  let before = cpuSnapshot(serverPid);
  try {
    const played = await games({
      ...game,
      beforePlay: async () => {
        load = await background<HostileResult>('hostile-reads.ts', 'HOSTILE_LOAD', strangers);
        await new Promise((resolve) => setTimeout(resolve, 1000)); // their reads are in the database
        before = cpuSnapshot(serverPid);
      },
    });
    const cpu = cpuBetween(before, cpuSnapshot(serverPid));
    return { played, reads: await load!.stop(), cpu: { ...cpu, seconds: round(played.seconds) } };
  } finally {
    await load?.stop();
  }
}

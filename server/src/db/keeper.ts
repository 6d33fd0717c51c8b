/**
 * Keeps the embedded database's process running on its data, whichever it is (PostgreSQL or
 * PGlite): started again when it dies (after 0.5 s, doubling to 30 s while it fails to start),
 * or at once when the supervisor found it hung (`restart`: every process of it killed first).
 * Between its death and its next answer `running()` is false, and requests are told to come
 * back shortly rather than wait.
 */

/** One run of the database's process. */
export interface Launched {
  /** The database's own process (the postmaster, or PGlite's node process). */
  pid: number | undefined;
  /** Settles once it has exited, however it ended. */
  exited: Promise<void>;
  /** Asks it to stop cleanly (PostgreSQL's fast shutdown: sessions ended, a checkpoint). */
  stop(): void;
  /** Ends it and every process of it at once (a hang). */
  kill(): void;
}

export interface KeptProcess {
  pid(): number | undefined;
  /** False from its death (or kill) until it answers again. */
  running(): boolean;
  /** Seconds until it is expected back, for Retry-After. */
  retryAfterSeconds(): number;
  /** Kills it and starts it again on the same data; resolves once it answers. */
  restart(reason: string): Promise<void>;
  /** Stops it cleanly, or kills it after `forceAfterMs` (a hung database must not hold a shutdown). */
  stop(forceAfterMs?: number): Promise<void>;
}

export interface KeeperOptions {
  /** Says what happened and when it is tried again. */
  log: (line: string) => void;
  /** False: a death is final (a database in memory has nothing to start again from). */
  restartOnExit?: boolean;
}

/** What a start takes at most, for Retry-After: PostgreSQL's crash recovery, PGlite's boot. */
const STARTING_SECONDS = 2;

export async function keepRunning(launch: () => Promise<Launched>, { log, restartOnExit = true }: KeeperOptions): Promise<KeptProcess> {
  let current: Launched | undefined;
  let stopping = false;
  let failures = 0;
  let nextStartAt = 0;
  let starting: Promise<void> | undefined;
  /** Ends a back-off wait early (the server is stopping). */
  let wake = () => {};

  const start = async () => {
    const launched = await launch();
    if (stopping) {
      // The server began to stop while this start was under way.
      launched.stop();
      await launched.exited;
      return;
    }
    current = launched;
    failures = 0;
    void launched.exited.then(() => {
      if (current !== launched) return; // killed by `restart` or `stop`, which start it again or not
      current = undefined;
      if (!stopping && restartOnExit) void startAgain('the embedded database stopped');
    });
  };

  /** Tries until it runs (or the server stops), waiting longer after each failed start. */
  const startAgain = (reason: string, firstWaitMs?: number): Promise<void> => {
    starting ??= (async () => {
      for (let why = reason; !stopping; ) {
        const wait = failures === 0 && firstWaitMs !== undefined ? firstWaitMs : Math.min(30_000, 500 * 2 ** failures);
        failures++;
        nextStartAt = Date.now() + wait;
        log(`${why}; restarting in ${wait} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout((wake = resolve), wait);
          timer.unref();
        });
        if (stopping) return;
        try {
          await start();
          return;
        } catch (error) {
          why = `the embedded database did not start again: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    })().finally(() => (starting = undefined));
    return starting;
  };

  await start();

  return {
    pid: () => current?.pid,
    running: () => current !== undefined,
    retryAfterSeconds: () => Math.max(1, Math.ceil((nextStartAt - Date.now()) / 1000) + STARTING_SECONDS),
    async restart(reason) {
      const hung = current;
      current = undefined;
      if (hung) {
        hung.kill();
        await hung.exited;
      }
      // Its processes are gone: nothing to wait for before starting it again.
      await startAgain(reason, 0);
    },
    async stop(forceAfterMs = 5_000) {
      stopping = true;
      wake();
      await starting;
      const last = current;
      current = undefined;
      if (!last) return;
      last.stop();
      const forced = setTimeout(() => last.kill(), forceAfterMs);
      await last.exited;
      clearTimeout(forced);
    },
  };
}

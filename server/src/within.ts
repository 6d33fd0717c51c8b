/**
 * Waiting with a limit, for a shutdown that must finish whatever the database does: true when
 * `work` settled (resolved or failed) within `ms`, false when the wait ran out. `work` goes on,
 * unwatched; a failure is the caller's to report (attach its own catch).
 */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms))));
  try {
    return await Promise.race([work.then(() => true, () => true), outOfTime]);
  } finally {
    clearTimeout(timer);
  }
}

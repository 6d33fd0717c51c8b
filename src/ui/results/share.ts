/**
 * Share Score (SPEC §2 "Game Over modal"): the device's share sheet when there is one, else the
 * text goes to the clipboard with the alert 'Score copied to clipboard!'. The navigator and the
 * window come in as parameters so tests can pass fakes.
 */
import type { Scores } from '../../engine';
import { replayPath } from '../../game/record';
import { headline, sharedScore } from '../../game/result';
import type { PlayerMode } from '../../game/types';

export const COPIED_MESSAGE = 'Score copied to clipboard!';

/**
 * The shared words, to the letter of SPEC §2: "I scored {score} points in Cell Extension!"
 * followed by the result headline as Game Results shows it (its title line, then its result
 * line), then the game's replay link when there is a record, so a friend can open the game itself
 * (the link Replay and review opens). The score is written plainly, every digit: the human's
 * against the AI, the winner's between two players.
 */
export function scoreShareText(
  scores: Scores,
  playerMode: PlayerMode,
  record: string | undefined,
  origin: string,
): string {
  const { title, result } = headline(scores, playerMode);
  const lines = [`I scored ${sharedScore(scores, playerMode)} points in Cell Extension!`, title, result];
  if (record) lines.push(new URL(replayPath(record), origin).href);
  return lines.join('\n');
}

/** The parts of `navigator` used here (a real Navigator fits). */
export interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText(text: string): Promise<void> };
}

/** The parts of `window` used here. */
export interface ShareWindow {
  alert(message: string): void;
  location: { origin: string };
}

/**
 * shared: the share sheet completed; cancelled: the user dismissed it (nothing more to do);
 * copied: the text is on the clipboard and the alert was shown; failed: neither way worked.
 */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/** Dismissing the share sheet rejects with an AbortError; that is a choice, not a failure. */
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export async function shareScore(
  { title, text }: { title: string; text: string },
  nav: ShareNavigator,
  win: ShareWindow,
): Promise<ShareOutcome> {
  const data: ShareData = { title, text, url: win.location.origin };
  // Some browsers have share() but refuse some payloads: canShare says so without throwing.
  if (typeof nav.share === 'function' && (typeof nav.canShare !== 'function' || nav.canShare(data))) {
    try {
      await nav.share(data); // called on nav: share() needs its navigator as `this`
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
      // Otherwise (not allowed here, no target): fall back to the clipboard.
    }
  }
  if (!nav.clipboard) return 'failed';
  try {
    await nav.clipboard.writeText(text);
  } catch {
    return 'failed';
  }
  win.alert(COPIED_MESSAGE);
  return 'copied';
}

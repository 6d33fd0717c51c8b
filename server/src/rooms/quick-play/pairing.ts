/**
 * Quick play: who may be paired with whom, as pure functions of the pool's entries and
 * the time. Lichess's pools are the model (lila modules/pool, MatchMaking.scala):
 * - two players are compatible when they asked for the same board size and time control, and are
 *   both anonymous or both signed in (a quick-play game between signed-in players is rated; one
 *   account never plays itself);
 * - signed-in players within a rating band: lichess allows a difference of 100 between players
 *   rated 1000 to 1500, 130 below 1000 and a fifteenth of the rating above 1500 (2000: 133), of
 *   the lower of the two ratings;
 * - the band widens with waiting time: lichess adds 12 per pairing wave missed (waves come every
 *   10 to 25 s there, at most 460). Here players are paired as they arrive rather than in waves,
 *   so the band widens by 50 every 5 s waited, up to lichess's 460; like lichess, by the shorter
 *   wait of the two (a newcomer does not get a long wait's allowance).
 */
import type { RoomBoardSize, TimeControl } from '../../../../src/protocol';

/** One player looking for an opponent. */
export interface PoolEntry {
  /** The socket in the pool (one entry per socket) and the node it is connected to. */
  socketId: string;
  node: string;
  username: string;
  /** The signed-in player's user id; null when anonymous. */
  userId: string | null;
  /** The limit key of the player's address (client-limits.ts); null when it is not limited. */
  address: string | null;
  /** The signed-in player's rating when they entered (profiles.elo_rating); null when anonymous. */
  rating: number | null;
  boardSize: RoomBoardSize;
  timeControl: TimeControl;
  /** When they entered (epoch milliseconds). */
  since: number;
}

export const WIDEN_EVERY_MS = 5000;
export const WIDEN_BY = 50;
export const WIDEN_AT_MOST = 460;
/** A signed-in player whose profile has no rating yet counts as a new account's 1200. */
export const DEFAULT_RATING = 1200;

/** The rating difference allowed to a player of this rating before any waiting (lichess). */
export function baseBand(rating: number): number {
  if (rating < 1000) return 130;
  if (rating < 1500) return 100;
  return Math.floor(rating / 15);
}

/** How much the band has widened for an entry by `now`. */
export function widening(entry: Pick<PoolEntry, 'since'>, now: number): number {
  const steps = Math.floor(Math.max(0, now - entry.since) / WIDEN_EVERY_MS);
  return Math.min(WIDEN_AT_MOST, steps * WIDEN_BY);
}

const ratingOf = (entry: PoolEntry): number => entry.rating ?? DEFAULT_RATING;

/** Whether `a` and `b` may be paired at `now`. */
export function compatible(a: PoolEntry, b: PoolEntry, now: number): boolean {
  if (a.socketId === b.socketId || a.boardSize !== b.boardSize || a.timeControl !== b.timeControl) return false;
  if ((a.userId === null) !== (b.userId === null)) return false;
  if (a.userId === null) return true;
  if (a.userId === b.userId) return false;
  const allowed = baseBand(Math.min(ratingOf(a), ratingOf(b))) + Math.min(widening(a, now), widening(b, now));
  return Math.abs(ratingOf(a) - ratingOf(b)) <= allowed;
}

/** The best opponent for `entry` among `others`: the closest rating, then the longest wait. */
export function partnerFor(entry: PoolEntry, others: readonly PoolEntry[], now: number): PoolEntry | undefined {
  let best: PoolEntry | undefined;
  for (const other of others) {
    if (!compatible(entry, other, now)) continue;
    const closer = best === undefined || Math.abs(ratingOf(other) - ratingOf(entry)) < Math.abs(ratingOf(best) - ratingOf(entry));
    const asClose = best !== undefined && Math.abs(ratingOf(other) - ratingOf(entry)) === Math.abs(ratingOf(best) - ratingOf(entry));
    if (closer || (asClose && other.since < best!.since)) best = other;
  }
  return best;
}

/** Every pair to make at `now`: the longest waiting first, each with its best partner. */
export function pairsAmong(entries: readonly PoolEntry[], now: number): [PoolEntry, PoolEntry][] {
  const waiting = [...entries].sort((a, b) => a.since - b.since);
  const taken = new Set<string>();
  const pairs: [PoolEntry, PoolEntry][] = [];
  for (const entry of waiting) {
    if (taken.has(entry.socketId)) continue;
    const partner = partnerFor(entry, waiting.filter((e) => !taken.has(e.socketId) && e !== entry), now);
    if (!partner) continue;
    taken.add(entry.socketId).add(partner.socketId);
    pairs.push([entry, partner]);
  }
  return pairs;
}

// ------------------------------------------------------------------ players who never came

/**
 * A paired player has this long to come into the room. The page enters it by itself the moment it
 * hears of the pairing (a second or two on a slow phone); 15 s is far more than that, and a
 * quarter of what their opponent waited before (the room's 60 s grace for a dropped player).
 */
export const ARRIVAL_MS = 15_000;
/** A player who did not come in (their socket, their account) cannot enter the pool again for this long. */
export const NO_SHOW_BAR_MS = 120_000;
/**
 * An address is kept out after this many no-shows within NO_SHOW_WINDOW_MS: its pupils share it,
 * and one who closed a tab just as they were paired must not keep the whole class from playing.
 */
export const NO_SHOWS_PER_ADDRESS = 3;
export const NO_SHOW_WINDOW_MS = 10 * 60_000;
/** How long the waiting time of a player whose opponent never came is kept for their return. */
export const PLACE_KEPT_MS = 60_000;

/** A paired player who did not come into the room. */
export interface NoShow {
  socketId: string;
  userId: string | null;
  address: string | null;
  /** When they were found missing (epoch milliseconds). */
  at: number;
}

/** How long `who` is still kept out of the pool at `now` (0: not), given the no-shows of the last window. */
export function barredFor(noShows: readonly NoShow[], who: Pick<PoolEntry, 'socketId' | 'userId' | 'address'>, now: number): number {
  let until = 0;
  let fromAddress = 0;
  let lastFromAddress = 0;
  for (const n of noShows) {
    if (n.socketId === who.socketId || (who.userId !== null && n.userId === who.userId)) until = Math.max(until, n.at + NO_SHOW_BAR_MS);
    if (who.address !== null && n.address === who.address && n.at > now - NO_SHOW_WINDOW_MS) {
      fromAddress += 1;
      lastFromAddress = Math.max(lastFromAddress, n.at);
    }
  }
  if (fromAddress >= NO_SHOWS_PER_ADDRESS) until = Math.max(until, lastFromAddress + NO_SHOW_BAR_MS);
  return Math.max(0, until - now);
}

/** A waiting time kept for a player whose opponent never came, for their return with the same settings. */
export interface KeptPlace {
  socketId: string;
  boardSize: RoomBoardSize;
  timeControl: TimeControl;
  since: number;
  /** Until when it is kept (epoch milliseconds). */
  until: number;
}

/** The time a returning player has waited since, or the arrival's own. */
export function sinceOnReturn(kept: KeptPlace | undefined, arrival: Pick<PoolEntry, 'boardSize' | 'timeControl' | 'since'>): number {
  if (!kept || kept.until < arrival.since || kept.boardSize !== arrival.boardSize || kept.timeControl !== arrival.timeControl) return arrival.since;
  return Math.min(kept.since, arrival.since);
}

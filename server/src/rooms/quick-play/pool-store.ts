/**
 * Quick play: where the pool is kept. With a database, in game_server.quick_play_pool,
 * shared by every node: a player arriving on one node is paired with one waiting on another.
 * Every change that pairs runs in one transaction under one advisory lock (pairing is rare next to
 * moves, so one lock costs nothing), so two nodes can never take the same player: the arrival is
 * either paired with a waiting player, both leaving the pool, or put in it. Entries of a node that
 * stopped renewing them (it died) lapse and are never paired. A paired player who never came into
 * the room is kept out for a while, and the one who came keeps their waiting time (pairing.ts, "players
 * who never came"): both are checked as a player enters, in the same transaction. Without a
 * database (tests of the game server alone) the same rules run over a map.
 */
import type { Database, Queryable } from '../../db/database';
import { DEFAULT_LEASE_TIMING, type LeaseTiming } from '../store/leases';
import {
  DEFAULT_RATING,
  NO_SHOW_WINDOW_MS,
  PLACE_KEPT_MS,
  barredFor,
  pairsAmong,
  partnerFor,
  sinceOnReturn,
  type KeptPlace,
  type NoShow,
  type PoolEntry,
} from './pairing';

export type Pair = [PoolEntry, PoolEntry];

/**
 * An arrival: paired at once (the one who waited first is player 0), waiting in the pool, or kept
 * out for `barredMs` more (they did not come into their last paired room).
 */
export type Entered = { paired: Pair } | { waiting: PoolEntry } | { barredMs: number };

export interface PoolStore {
  /**
   * The socket's entry (replacing an earlier one of the same socket), or its pair; a player kept
   * out is refused, and one whose waiting time was kept gets it back.
   */
  enter(entry: Omit<PoolEntry, 'rating'>): Promise<Entered>;
  /** Takes the socket out of the pool; whether it was in. */
  leave(socketId: string): Promise<boolean>;
  /** Every pair the widened rating bands allow by `now`, taken out of the pool. */
  sweep(now: number): Promise<Pair[]>;
  /** Entries taken out for a pair whose room could not be opened: back as they were, to be paired again. */
  putBack(entries: PoolEntry[]): Promise<void>;
  /**
   * Keeps this node's entries of the sockets still waiting alive, and takes out the others (a
   * socket that went while its entry was being written or put back): never a ghost. The sockets
   * are read under the pool's lock, so an entry written meanwhile is of a socket among them.
   */
  renew(waitingHere: () => string[]): Promise<void>;
  /** Takes this node's entries out: at start-up (its sockets are gone) and when stopping. */
  clearNode(): Promise<void>;
  /** A paired player did not come into the room by `now`: kept out of the pool for a while. */
  noShow(entry: PoolEntry, now: number): Promise<void>;
  /** A paired player whose opponent never came: their waiting time is kept for their return. */
  keepPlace(entry: PoolEntry, now: number): Promise<void>;
}

const keptPlace = (entry: PoolEntry, now: number): KeptPlace => ({
  socketId: entry.socketId,
  boardSize: entry.boardSize,
  timeControl: entry.timeControl,
  since: entry.since,
  until: now + PLACE_KEPT_MS,
});

export class MemoryPool implements PoolStore {
  private readonly entries = new Map<string, PoolEntry>();

  private noShows: NoShow[] = [];
  private readonly kept = new Map<string, KeptPlace>(); // socket id → its kept waiting time

  enter(arrival: Omit<PoolEntry, 'rating'>): Promise<Entered> {
    this.noShows = this.noShows.filter((n) => n.at > arrival.since - NO_SHOW_WINDOW_MS);
    const barredMs = barredFor(this.noShows, arrival, arrival.since);
    if (barredMs > 0) return Promise.resolve({ barredMs });
    const kept = this.kept.get(arrival.socketId);
    this.kept.delete(arrival.socketId);
    this.entries.delete(arrival.socketId);
    const entry: PoolEntry = { ...arrival, since: sinceOnReturn(kept, arrival), rating: arrival.userId === null ? null : DEFAULT_RATING };
    const partner = partnerFor(entry, [...this.entries.values()], entry.since);
    if (partner) {
      this.entries.delete(partner.socketId);
      return Promise.resolve({ paired: [partner, entry] });
    }
    this.entries.set(entry.socketId, entry);
    return Promise.resolve({ waiting: entry });
  }

  leave(socketId: string): Promise<boolean> {
    return Promise.resolve(this.entries.delete(socketId));
  }

  sweep(now: number): Promise<Pair[]> {
    const pairs = pairsAmong([...this.entries.values()], now);
    for (const pair of pairs) for (const entry of pair) this.entries.delete(entry.socketId);
    return Promise.resolve(pairs);
  }

  putBack(entries: PoolEntry[]): Promise<void> {
    for (const entry of entries) this.entries.set(entry.socketId, entry);
    return Promise.resolve();
  }

  renew(waitingHere: () => string[]): Promise<void> {
    const alive = new Set(waitingHere());
    for (const id of this.entries.keys()) if (!alive.has(id)) this.entries.delete(id);
    return Promise.resolve();
  }

  clearNode(): Promise<void> {
    this.entries.clear();
    return Promise.resolve();
  }

  noShow(entry: PoolEntry, now: number): Promise<void> {
    this.noShows.push({ socketId: entry.socketId, userId: entry.userId, address: entry.address, at: now });
    return Promise.resolve();
  }

  keepPlace(entry: PoolEntry, now: number): Promise<void> {
    for (const [socketId, kept] of this.kept) if (kept.until < now) this.kept.delete(socketId);
    this.kept.set(entry.socketId, keptPlace(entry, now));
    return Promise.resolve();
  }
}

interface Row {
  socket_id: string;
  node: string;
  username: string;
  user_id: string | null;
  address: string | null;
  rating: number | null;
  board_size: number;
  time_control: string;
  since_ms: string | number;
}

const COLUMNS = 'socket_id, node, username, user_id, address, rating, board_size, time_control, since_ms';

const fromRow = (row: Row): PoolEntry => ({
  socketId: row.socket_id,
  node: row.node,
  username: row.username,
  userId: row.user_id,
  address: row.address,
  rating: row.rating,
  boardSize: row.board_size as PoolEntry['boardSize'],
  timeControl: row.time_control as PoolEntry['timeControl'],
  since: Number(row.since_ms),
});

/** One lock for every pairing, on every node. */
const LOCK = `select pg_advisory_xact_lock(hashtext('cell-connection quick play'))`;

export class PostgresPool implements PoolStore {
  constructor(
    private readonly db: Database,
    readonly nodeId: string,
    private readonly timing: LeaseTiming = DEFAULT_LEASE_TIMING,
  ) {}

  private get ttl(): string {
    return `${this.timing.ttlMs} milliseconds`;
  }

  enter(arrival: Omit<PoolEntry, 'rating'>): Promise<Entered> {
    return this.db.transaction(async (tx) => {
      await tx.query(LOCK);
      const noShows = await tx.query<NoShowRow>(
        `select socket_id, user_id, address, at_ms from game_server.quick_play_no_shows
         where at_ms > $4 and (socket_id = $1 or user_id = $2 or address = $3)`,
        [arrival.socketId, arrival.userId, arrival.address, arrival.since - NO_SHOW_WINDOW_MS],
      );
      const barredMs = barredFor(noShows.map(noShowOf), arrival, arrival.since);
      if (barredMs > 0) return { barredMs };
      const [kept] = await tx.query<KeptRow>(
        `delete from game_server.quick_play_returns where socket_id = $1 returning socket_id, board_size, time_control, since_ms, until_ms`,
        [arrival.socketId],
      );
      await tx.query(`delete from game_server.quick_play_pool where socket_id = $1 or expires_at < now()`, [arrival.socketId]);
      const since = sinceOnReturn(kept && keptOf(kept), arrival);
      const entry: PoolEntry = { ...arrival, since, rating: await ratingOf(tx, arrival.userId) };
      const others = await tx.query<Row>(
        `select ${COLUMNS} from game_server.quick_play_pool where board_size = $1 and time_control = $2 order by since_ms`,
        [arrival.boardSize, arrival.timeControl],
      );
      const partner = partnerFor(entry, others.map(fromRow), entry.since);
      if (partner) {
        await tx.query(`delete from game_server.quick_play_pool where socket_id = $1`, [partner.socketId]);
        return { paired: [partner, entry] };
      }
      await this.insert(tx, entry);
      return { waiting: entry };
    });
  }

  private insert(tx: Queryable, entry: PoolEntry): Promise<unknown> {
    return tx.query(
      `insert into game_server.quick_play_pool (${COLUMNS}, expires_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + $10::interval)
       on conflict (socket_id) do nothing`,
      [entry.socketId, entry.node, entry.username, entry.userId, entry.address, entry.rating, entry.boardSize, entry.timeControl, entry.since, this.ttl],
    );
  }

  async putBack(entries: PoolEntry[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const entry of entries) await this.insert(tx, entry);
    });
  }

  async leave(socketId: string): Promise<boolean> {
    const rows = await this.db.query(`delete from game_server.quick_play_pool where socket_id = $1 returning socket_id`, [socketId]);
    return rows.length > 0;
  }

  sweep(now: number): Promise<Pair[]> {
    return this.db.transaction(async (tx) => {
      await tx.query(LOCK);
      await tx.query(`delete from game_server.quick_play_pool where expires_at < now()`);
      const entries = (await tx.query<Row>(`select ${COLUMNS} from game_server.quick_play_pool`)).map(fromRow);
      const pairs = pairsAmong(entries, now);
      const taken = pairs.flat().map((e) => e.socketId);
      if (taken.length > 0) await tx.query(`delete from game_server.quick_play_pool where socket_id = any($1::text[])`, [taken]);
      return pairs;
    });
  }

  renew(waitingHere: () => string[]): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx.query(LOCK);
      await tx.query(`delete from game_server.quick_play_pool where node = $1 and not (socket_id = any($2::text[]))`, [this.nodeId, waitingHere()]);
      await tx.query(`update game_server.quick_play_pool set expires_at = now() + $2::interval where node = $1`, [this.nodeId, this.ttl]);
    });
  }

  async clearNode(): Promise<void> {
    await this.db.query(`delete from game_server.quick_play_pool where node = $1`, [this.nodeId]);
  }

  async noShow(entry: PoolEntry, now: number): Promise<void> {
    // Written with the pool's clock, as the waiting times are; what left the window goes.
    await this.db.query(
      `with old as (delete from game_server.quick_play_no_shows where at_ms < $5)
       insert into game_server.quick_play_no_shows (socket_id, user_id, address, at_ms) values ($1, $2, $3, $4)`,
      [entry.socketId, entry.userId, entry.address, now, now - NO_SHOW_WINDOW_MS],
    );
  }

  async keepPlace(entry: PoolEntry, now: number): Promise<void> {
    const kept = keptPlace(entry, now);
    await this.db.query(
      `with old as (delete from game_server.quick_play_returns where until_ms < $6 and socket_id <> $1)
       insert into game_server.quick_play_returns (socket_id, board_size, time_control, since_ms, until_ms) values ($1, $2, $3, $4, $5)
       on conflict (socket_id) do update set board_size = excluded.board_size, time_control = excluded.time_control, since_ms = excluded.since_ms, until_ms = excluded.until_ms`,
      [kept.socketId, kept.boardSize, kept.timeControl, kept.since, kept.until, now],
    );
  }
}

interface NoShowRow {
  socket_id: string;
  user_id: string | null;
  address: string | null;
  at_ms: string | number;
}

const noShowOf = (row: NoShowRow): NoShow => ({ socketId: row.socket_id, userId: row.user_id, address: row.address, at: Number(row.at_ms) });

interface KeptRow {
  socket_id: string;
  board_size: number;
  time_control: string;
  since_ms: string | number;
  until_ms: string | number;
}

const keptOf = (row: KeptRow): KeptPlace => ({
  socketId: row.socket_id,
  boardSize: row.board_size as KeptPlace['boardSize'],
  timeControl: row.time_control as KeptPlace['timeControl'],
  since: Number(row.since_ms),
  until: Number(row.until_ms),
});

/** A signed-in player's rating now; a profile not made yet counts as a new account's. */
async function ratingOf(tx: Queryable, userId: string | null): Promise<number | null> {
  if (userId === null) return null;
  const [row] = await tx.query<{ elo_rating: number }>(`select elo_rating from public.profiles where id::text = $1`, [userId]);
  return row?.elo_rating ?? DEFAULT_RATING;
}

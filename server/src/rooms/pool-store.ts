/**
 * Issue 14, quick play: where the pool is kept. With a database, in game_server.quick_play_pool,
 * shared by every node: a player arriving on one node is paired with one waiting on another.
 * Every change that pairs runs in one transaction under one advisory lock (pairing is rare next to
 * moves, so one lock costs nothing), so two nodes can never take the same player: the arrival is
 * either paired with a waiting player, both leaving the pool, or put in it. Entries of a node that
 * stopped renewing them (it died) lapse and are never paired. Without a database (tests of the
 * game server alone) the same rules run over a map.
 */
import type { Database, Queryable } from '../db/database';
import { DEFAULT_LEASE_TIMING, type LeaseTiming } from './leases';
import { DEFAULT_RATING, pairsAmong, partnerFor, type PoolEntry } from './pool';

export type Pair = [PoolEntry, PoolEntry];

/** An arrival: paired at once (the one who waited first is player 0), or waiting in the pool. */
export type Entered = { paired: Pair } | { waiting: PoolEntry };

export interface PoolStore {
  /** The socket's entry (replacing an earlier one of the same socket), or its pair. */
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
}

export class MemoryPool implements PoolStore {
  private readonly entries = new Map<string, PoolEntry>();

  enter(arrival: Omit<PoolEntry, 'rating'>): Promise<Entered> {
    this.entries.delete(arrival.socketId);
    const entry: PoolEntry = { ...arrival, rating: arrival.userId === null ? null : DEFAULT_RATING };
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
}

interface Row {
  socket_id: string;
  node: string;
  username: string;
  user_id: string | null;
  rating: number | null;
  board_size: number;
  time_control: string;
  since_ms: string | number;
}

const COLUMNS = 'socket_id, node, username, user_id, rating, board_size, time_control, since_ms';

const fromRow = (row: Row): PoolEntry => ({
  socketId: row.socket_id,
  node: row.node,
  username: row.username,
  userId: row.user_id,
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
      await tx.query(`delete from game_server.quick_play_pool where socket_id = $1 or expires_at < now()`, [arrival.socketId]);
      const entry: PoolEntry = { ...arrival, rating: await ratingOf(tx, arrival.userId) };
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
      `insert into game_server.quick_play_pool (${COLUMNS}, expires_at) values ($1, $2, $3, $4, $5, $6, $7, $8, now() + $9::interval)
       on conflict (socket_id) do nothing`,
      [entry.socketId, entry.node, entry.username, entry.userId, entry.rating, entry.boardSize, entry.timeControl, entry.since, this.ttl],
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
}

/** A signed-in player's rating now; a profile not made yet counts as a new account's. */
async function ratingOf(tx: Queryable, userId: string | null): Promise<number | null> {
  if (userId === null) return null;
  const [row] = await tx.query<{ elo_rating: number }>(`select elo_rating from public.profiles where id::text = $1`, [userId]);
  return row?.elo_rating ?? DEFAULT_RATING;
}

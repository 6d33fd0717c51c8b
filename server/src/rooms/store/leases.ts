/**
 * Room leases: which node owns each open room, in game_server.room_leases. A node
 * claims a lease when it creates a room or takes one over, renews all of its leases at once every
 * second, and loses a lease that it did not renew in time. Every claim raises the lease's fence;
 * the log's writes carry the fence they were made under (journal.ts), so a node that lost a room
 * can no longer write to it. Expiry is judged by the database's clock alone, never a node's.
 */
import type { Database } from '../../db/database';

/** A lease this node holds: the room and the fence its log writes carry. */
export interface Lease {
  roomId: string;
  fence: number;
  /** Null for a room logged before leases existed (its owner sets it once the room is rebuilt). */
  code: string | null;
  /**
   * On a claim of a room another run of a node held: when that owner last renewed the lease (epoch
   * ms), the last moment it is known to have been alive. A timed game's clock stops there.
   */
  aliveAt?: number;
}

export interface Leases {
  readonly nodeId: string;
  /** A new room's lease, or null when another open room already has this code. */
  claimNew(roomId: string, code: string): Promise<Lease | null>;
  /**
   * At start-up: this node's own leases (a restart of the same node), every expired one, and
   * rooms in the log that have none; with `all`, every lease (the embedded database has one node).
   */
  claimAtStartup(all: boolean): Promise<Lease[]>;
  /** Leases that expired (their owner is gone): taken over, at most `limit` at a time. */
  claimExpired(limit: number): Promise<Lease[]>;
  /** Renews every lease of this node; the room ids it still holds. */
  renew(): Promise<Set<string>>;
  /** Gives leases up at once (a node shutting down), so that another node takes them over now. */
  release(roomIds: string[]): Promise<void>;
  setCode(roomId: string, code: string): Promise<void>;
  /** Which node owns the room with this id or code; null when no open room has it. */
  ownerOf(by: { roomId: string } | { code: string }): Promise<{ roomId: string; owner: string; expired: boolean } | null>;
  /** The nodes that hold leases (this one included, if it holds any). */
  owners(): Promise<string[]>;
}

export interface LeaseTiming {
  /** How long a lease lasts unless renewed. */
  ttlMs: number;
  /** How often the owner renews (and other nodes look for expired leases). */
  renewEveryMs: number;
}

export const DEFAULT_LEASE_TIMING: LeaseTiming = { ttlMs: 3000, renewEveryMs: 1000 };

interface LeaseRow {
  room_id: string;
  fence: string | number;
  code: string | null;
  /** The claimed lease's expiry before the claim (epoch ms), when the query returns it. */
  was?: string | number | null;
}

const lease = (row: LeaseRow, ttlMs = 0): Lease => ({
  roomId: row.room_id,
  fence: Number(row.fence),
  code: row.code,
  ...(row.was === null || row.was === undefined ? {} : { aliveAt: Number(row.was) - ttlMs }),
});

/** A claim's RETURNING: the lease, and the expiry it had before (`old` is the rows before the update). */
const CLAIMED = 'returning l.room_id, l.fence, l.code, (extract(epoch from old.expires_at) * 1000)::float8 as was';

export class PostgresLeases implements Leases {
  constructor(
    private readonly db: Database,
    readonly nodeId: string,
    private readonly timing: LeaseTiming = DEFAULT_LEASE_TIMING,
  ) {}

  private get ttl(): string {
    return `${this.timing.ttlMs} milliseconds`;
  }

  async claimNew(roomId: string, code: string): Promise<Lease | null> {
    // A code held by an expired lease is free again only once that room is taken over and gone,
    // so a conflict on the code is simply "taken": the caller picks another.
    const rows = await this.db.query<LeaseRow>(
      `insert into game_server.room_leases (room_id, code, owner, fence, expires_at)
       values ($1, $2, $3, 1, now() + $4::interval)
       on conflict do nothing
       returning room_id, fence, code`,
      [roomId, code, this.nodeId, this.ttl],
    );
    return rows[0] ? lease(rows[0]) : null;
  }

  async claimAtStartup(all: boolean): Promise<Lease[]> {
    return this.db.transaction(async (tx) => {
      // Rooms logged before leases existed get one (expired, so the claim below takes it).
      await tx.query(
        `insert into game_server.room_leases (room_id, code, owner, fence, expires_at)
         select room_id, null, $1, 0, now() - interval '1 second'
         from (select room_id from game_server.room_log union select room_id from game_server.room_snapshots) as logged
         on conflict do nothing`,
        [this.nodeId],
      );
      const rows = await tx.query<LeaseRow>(
        // A room's new owner lists it afresh (open-games.ts) once its host is back.
        `update game_server.room_leases l
         set owner = $1, fence = l.fence + 1, expires_at = now() + $2::interval, listing = null, listed_at = null
         from game_server.room_leases old
         where old.room_id = l.room_id and ($3 or l.owner = $1 or l.expires_at < now())
         ${CLAIMED}`,
        [this.nodeId, this.ttl, all],
      );
      return rows.map((row) => lease(row, this.timing.ttlMs));
    });
  }

  async claimExpired(limit: number): Promise<Lease[]> {
    // SKIP LOCKED: two nodes scanning at once never claim the same room.
    const rows = await this.db.query<LeaseRow>(
      // A room's new owner lists it afresh (open-games.ts) once its host is back.
      `update game_server.room_leases l
       set owner = $1, fence = l.fence + 1, expires_at = now() + $2::interval, listing = null, listed_at = null
       from (
         select room_id, expires_at from game_server.room_leases where expires_at < now() order by expires_at limit $3 for update skip locked
       ) old
       where old.room_id = l.room_id
       ${CLAIMED}`,
      [this.nodeId, this.ttl, limit],
    );
    return rows.map((row) => lease(row, this.timing.ttlMs));
  }

  async renew(): Promise<Set<string>> {
    const rows = await this.db.query<{ room_id: string }>(
      'update game_server.room_leases set expires_at = now() + $2::interval where owner = $1 returning room_id',
      [this.nodeId, this.ttl],
    );
    return new Set(rows.map((r) => r.room_id));
  }

  async release(roomIds: string[]): Promise<void> {
    if (roomIds.length === 0) return;
    await this.db.query(`update game_server.room_leases set expires_at = now() - interval '1 second' where owner = $1 and room_id = any($2::text[])`, [
      this.nodeId,
      roomIds,
    ]);
  }

  async setCode(roomId: string, code: string): Promise<void> {
    await this.db.query('update game_server.room_leases set code = $2 where room_id = $1 and code is null', [roomId, code]);
  }

  async ownerOf(by: { roomId: string } | { code: string }): Promise<{ roomId: string; owner: string; expired: boolean } | null> {
    const [column, value] = 'roomId' in by ? ['room_id', by.roomId] : ['code', by.code];
    const rows = await this.db.query<{ room_id: string; owner: string; expired: boolean }>(
      `select room_id, owner, expires_at < now() as expired from game_server.room_leases where ${column} = $1`,
      [value],
    );
    const row = rows[0];
    return row ? { roomId: row.room_id, owner: row.owner, expired: row.expired } : null;
  }

  async owners(): Promise<string[]> {
    const rows = await this.db.query<{ owner: string }>('select distinct owner from game_server.room_leases');
    return rows.map((r) => r.owner);
  }
}

/** No database (unit tests of the server without one): one node owns everything; it checks codes itself. */
export class MemoryLeases implements Leases {
  readonly nodeId = 'memory';
  claimNew = (roomId: string, code: string) => Promise.resolve<Lease | null>({ roomId, fence: 1, code });
  claimAtStartup = () => Promise.resolve<Lease[]>([]);
  claimExpired = () => Promise.resolve<Lease[]>([]);
  renew = () => Promise.resolve(new Set<string>());
  release = () => Promise.resolve();
  setCode = () => Promise.resolve();
  ownerOf = () => Promise.resolve(null);
  owners = () => Promise.resolve<string[]>([]);
}

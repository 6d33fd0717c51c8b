/**
 * Public rooms per client address and per signed-in account, on every node together. A room
 * counts against the address (and account) of the host who made it public, from then until it is
 * made private again or is gone: while it lives, a listing in every lobby is one step away. Making
 * a room public claims its place under one lock (it is rare next to moves), so a burst of hosts
 * from one address cannot all slip through; with a database the claims are rows of
 * game_server.public_rooms, which stop counting once their room's lease row is gone.
 */
import { LIMIT_ERRORS } from '../../../../src/protocol';
import type { Database } from '../../db/database';

/** Who makes a room public: the address's limit key (null: not limited) and the account, if any. */
export interface PublicHost {
  address: string | null;
  userId: string | null;
}

export interface PublicRoomLimits {
  publicRoomsPerAddress: number;
  publicRoomsPerAccount: number;
}

/** A claim: refused (why), or counted (`fresh` when it was not counted before). */
export type Claim = { refused: string } | { fresh: boolean };

export interface PublicRoomStore {
  /** Counts the room against its host's address and account, unless it is counted already. */
  claim(roomId: string, code: string, host: PublicHost): Promise<Claim>;
  /** The room is private again. */
  release(roomId: string): Promise<void>;
}

/** Why one more public room of these counts is refused, or null. */
function refusal(fromAddress: number, ofAccount: number, limits: PublicRoomLimits): string | null {
  if (ofAccount >= limits.publicRoomsPerAccount) return LIMIT_ERRORS.publicRoomsPerAccount(limits.publicRoomsPerAccount);
  if (fromAddress >= limits.publicRoomsPerAddress) return LIMIT_ERRORS.publicRoomsPerAddress(limits.publicRoomsPerAddress);
  return null;
}

const LOCK = `select pg_advisory_xact_lock(hashtext('cell-connection public rooms'))`;

/** game_server.public_rooms (migration 20261128000005_client_limits.sql). */
export class PostgresPublicRooms implements PublicRoomStore {
  constructor(
    private readonly db: Database,
    private readonly limits: PublicRoomLimits,
  ) {}

  claim(roomId: string, _code: string, host: PublicHost): Promise<Claim> {
    return this.db.transaction(async (tx): Promise<Claim> => {
      await tx.query(LOCK);
      // A room public already keeps its claim (its host may have passed on): nothing new to count.
      if ((await tx.query(`select 1 from game_server.public_rooms where room_id = $1`, [roomId])).length > 0) return { fresh: false };
      if (host.address === null && host.userId === null) return { fresh: false };
      await tx.query(`delete from game_server.public_rooms p where not exists (select 1 from game_server.room_leases l where l.room_id = p.room_id)`);
      const [counts] = await tx.query<{ from_address: number; of_account: number }>(
        `select count(*) filter (where address = $1)::integer as from_address, count(*) filter (where user_id = $2)::integer as of_account
         from game_server.public_rooms where address = $1 or user_id = $2`,
        [host.address, host.userId],
      );
      const refused = refusal(counts?.from_address ?? 0, counts?.of_account ?? 0, this.limits);
      if (refused) return { refused };
      await tx.query(`insert into game_server.public_rooms (room_id, address, user_id) values ($1, $2, $3)`, [roomId, host.address, host.userId]);
      return { fresh: true };
    });
  }

  async release(roomId: string): Promise<void> {
    await this.db.query(`delete from game_server.public_rooms where room_id = $1`, [roomId]);
  }
}

/** No database: one node, its claims in memory; `alive` says whether a room still exists. */
export class MemoryPublicRooms implements PublicRoomStore {
  private readonly claims = new Map<string, PublicHost & { code: string }>(); // room id → claim

  constructor(
    private readonly limits: PublicRoomLimits,
    private readonly alive: (roomId: string, code: string) => boolean,
  ) {}

  claim(roomId: string, code: string, host: PublicHost): Promise<Claim> {
    if (this.claims.has(roomId) || (host.address === null && host.userId === null)) return Promise.resolve({ fresh: false });
    let fromAddress = 0;
    let ofAccount = 0;
    for (const [id, claim] of this.claims) {
      if (!this.alive(id, claim.code)) this.claims.delete(id);
      else {
        if (host.address !== null && claim.address === host.address) fromAddress += 1;
        if (host.userId !== null && claim.userId === host.userId) ofAccount += 1;
      }
    }
    const refused = refusal(fromAddress, ofAccount, this.limits);
    if (refused) return Promise.resolve({ refused });
    this.claims.set(roomId, { ...host, code });
    return Promise.resolve({ fresh: true });
  }

  release(roomId: string): Promise<void> {
    this.claims.delete(roomId);
    return Promise.resolve();
  }
}

/**
 * Open games (lichess's lobby "seeks"): a public room waiting for an opponent is listed
 * in every node's lobby. The room's owner writes its listing after each committed step that
 * changes it (OpenListings, below); every node reads the newest listings (lobby-feed.ts). Where
 * the listings are kept is an OpenGameStore: beside the room's lease in Postgres, so that a room
 * whose node died leaves the list with its lease, or in memory on a server without a database.
 */
import { OpenGameViewSchema, parseWith, type OpenGameView } from '../../../../src/protocol';
import type { Database } from '../../db/database';
import { mirrorRuleOf, type RoomState } from '../core/state';

/** A room's listing: what the lobby shows, and the host's account (for their rating, never shown). */
export interface Listing {
  game: Omit<OpenGameView, 'hostRating'>;
  hostUserId: string | null;
}

/**
 * The room's listing, or null when it is not an open game: private, full, under way, or its host
 * away (a click would find nobody to play).
 */
export function listingOf(room: RoomState): Listing | null {
  const host = room.members.find((m) => m.id === room.hostId);
  if (room.settings.visibility !== 'public' || room.status !== 'waiting' || !host?.connected) return null;
  if (room.members.length >= room.settings.maxPlayers) return null;
  const { boardSize, scoringMechanism, rated, timeControl } = room.settings;
  // The lobby says "No mirroring" where the room plays under it; joining keeps the room's rule.
  return { game: { code: room.code, host: host.username, boardSize, scoringMechanism, rated, timeControl, mirrorRule: mirrorRuleOf(room) }, hostUserId: host.userId };
}

export interface OpenGameStore {
  /** Lists (or, with null, unlists) a room this node owns. */
  write(roomId: string, listing: Listing | null): Promise<void>;
  /** The room is gone. */
  remove(roomId: string): Promise<void>;
  /** The newest open games, at most `limit`, of rooms whose owner is alive. */
  read(limit: number): Promise<OpenGameView[]>;
}

interface ListingRow {
  listing: unknown;
  host_rating: number | null;
}

/** The listings in game_server.room_leases (migration 20261125000004_open_games.sql). */
export class PostgresOpenGames implements OpenGameStore {
  constructor(
    private readonly db: Database,
    private readonly nodeId: string,
  ) {}

  async write(roomId: string, listing: Listing | null): Promise<void> {
    // Only the owner writes; a node that lost the room changes nothing. A room listed anew goes
    // to the top; a listed room whose settings change keeps its place.
    await this.db.query(
      `update game_server.room_leases
       set listing = $3::jsonb,
           listed_at = case when $3::jsonb is null then null when listing is null then now() else listed_at end,
           host_user_id = $4::uuid
       where room_id = $1 and owner = $2`,
      [roomId, this.nodeId, listing ? JSON.stringify(listing.game) : null, listing?.hostUserId ?? null],
    );
  }

  /** Nothing to do: a gone room's lease, and its listing with it, is deleted with its log (journal.ts). */
  remove(): Promise<void> {
    return Promise.resolve();
  }

  async read(limit: number): Promise<OpenGameView[]> {
    const rows = await this.db.query<ListingRow>(
      `select l.listing, p.elo_rating as host_rating
       from game_server.room_leases l left join public.profiles p on p.id = l.host_user_id
       where l.listing is not null and l.expires_at > now()
       order by l.listed_at desc, l.room_id
       limit $1`,
      [limit],
    );
    return rows.flatMap((row) => {
      // Written by a node of ours, but read back as any stored data: one that does not parse is left out.
      const parsed = parseWith(OpenGameViewSchema, { ...(row.listing as object), hostRating: row.host_rating ?? null });
      return parsed.ok ? [parsed.value] : [];
    });
  }
}

/** No database: one node, its listings in memory (newest last); no ratings. */
export class MemoryOpenGames implements OpenGameStore {
  private readonly listed = new Map<string, OpenGameView>();

  write(roomId: string, listing: Listing | null): Promise<void> {
    // A listed room keeps its place (a Map keeps its keys' order); one listed anew goes last.
    if (!listing) this.listed.delete(roomId);
    else this.listed.set(roomId, { ...listing.game, hostRating: null });
    return Promise.resolve();
  }

  remove(roomId: string): Promise<void> {
    this.listed.delete(roomId);
    return Promise.resolve();
  }

  read(limit: number): Promise<OpenGameView[]> {
    return Promise.resolve([...this.listed.values()].reverse().slice(0, limit));
  }
}

const RETRY_MS = 1000;

/**
 * The owner's side: after each committed step of a room, its listing is written if it changed
 * (a move in a private room costs nothing). Writes go one at a time, in order, the latest of a
 * room replacing one not yet written; a failed write (database outage) is tried again.
 */
export class OpenListings {
  private readonly written = new Map<string, string>(); // room id → listing JSON last written (listed rooms only)
  private readonly pending = new Map<string, Listing | null | 'gone'>();
  private flushing: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly store: OpenGameStore) {}

  /** A step of a room this node owns was committed; null when the room is gone. */
  committed(roomId: string, room: RoomState | null): void {
    if (!room) {
      this.written.delete(roomId);
      this.pending.set(roomId, 'gone');
      return this.kick();
    }
    const listing = listingOf(room);
    const json = listing ? JSON.stringify(listing) : undefined;
    if (json === this.written.get(roomId)) return;
    if (json) this.written.set(roomId, json);
    else this.written.delete(roomId);
    this.pending.set(roomId, listing);
    this.kick();
  }

  /**
   * The room is no longer this node's (lost or given up): nothing more to write. Its listing
   * left the list with the lease, and the next owner starts it afresh (leases.ts clears it).
   */
  forget(roomId: string): void {
    if (this.pending.get(roomId) === 'gone') return;
    this.written.delete(roomId);
    this.pending.delete(roomId);
  }

  private kick(): void {
    if (this.retry) return;
    this.flushing ??= this.flush().finally(() => {
      this.flushing = null;
      // A step committed just as the last write ended.
      if (this.pending.size > 0) this.kick();
    });
  }

  private async flush(): Promise<void> {
    for (const [roomId, listing] of this.pending) {
      this.pending.delete(roomId);
      try {
        await (listing === 'gone' ? this.store.remove(roomId) : this.store.write(roomId, listing));
      } catch (error) {
        console.error('open games: writing a listing failed:', (error as Error).message);
        if (!this.pending.has(roomId)) this.pending.set(roomId, listing);
        this.retry = setTimeout(() => {
          this.retry = null;
          this.kick();
        }, RETRY_MS);
        this.retry.unref();
        return;
      }
    }
  }

  close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.pending.clear();
    this.written.clear();
  }
}

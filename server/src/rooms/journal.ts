/**
 * The rooms' durable log (issue 11): every accepted command is appended to
 * game_server.room_log and acknowledged only once committed. Appends made while a write is
 * under way go together in the next one (group commit across rooms: one INSERT for many
 * moves). A step that ends a rated game writes the result and both profiles in the same
 * transaction as its log entry, so an outage can delay a result but never drop it: while the
 * database is unreachable the batch is retried, with back-off, until it commits.
 *
 * Several nodes (issue 13): each entry carries the fence of the room's lease (leases.ts) and goes
 * in only while that is still the lease's fence. The lease rows are locked (FOR SHARE) by the
 * insert, so a takeover waits for it and then reads it back; an entry of a room this node lost
 * is refused with LeaseLost, and nothing of it is written.
 */
import type { Database, Queryable } from '../db/database';
import type { Command } from './commands';
import { writeRatedGame, type RatedGame, type RatingOutcome } from './results';

export interface LogEntry {
  roomId: string;
  seq: number;
  /** The fence of the room's lease this node holds. */
  fence: number;
  command: Command;
  at: number;
  /** A rated game ended with this command. */
  rate?: RatedGame;
  /** The room's whole state after this command (see snapshot.ts): the log up to it is deleted. */
  snapshot?: unknown;
  /** The room is gone: its log and snapshot are deleted. */
  gone?: boolean;
}

/** A room as stored: its latest snapshot, if any, and the commands after it. */
export interface StoredRoom {
  roomId: string;
  snapshot: { seq: number; state: unknown } | null;
  entries: { seq: number; command: Command; at: number }[];
}

export interface Journal {
  /** Resolves once the entry is committed, with the rated result it wrote, if any. */
  append(entry: LogEntry): Promise<RatingOutcome | undefined>;
  /** These rooms' logs (the rooms whose leases this node holds). */
  load(roomIds: string[]): Promise<StoredRoom[]>;
  /** Resolves when everything appended so far is committed. */
  drain(): Promise<void>;
}

/** No database (unit tests of the server without one): nothing is kept. */
export const memoryJournal: Journal = {
  append: () => Promise.resolve(undefined),
  load: () => Promise.resolve([]),
  drain: () => Promise.resolve(),
};

/** The room's lease has moved to another node: this node may no longer write to it. */
export class LeaseLost extends Error {
  constructor(readonly roomId: string) {
    super(`room ${roomId}: its lease is held by another node`);
  }
}

interface Pending {
  entry: LogEntry;
  done: (outcome: RatingOutcome | undefined) => void;
  lost: (error: LeaseLost) => void;
}

/** What became of one entry of a write: written (with its rated result, if any), or refused. */
type Written = { outcome: RatingOutcome | undefined } | 'fenced';

/** At most this many entries in one write. */
const BATCH = 1000;
/** Answers sent per turn of the event loop: a slice of a big commit (50, 100 and 25 measured alike). */
const SETTLE_CHUNK = 50;
const RETRY_MS = { first: 100, max: 2000 };

export class PostgresJournal implements Journal {
  private queue: Pending[] = [];
  private settling: (() => void)[] = [];
  private writing: Promise<void> | null = null;
  private failing = false;

  /**
   * `around` runs each slice of a commit's answers (index.ts holds the sockets' writes during it,
   * coalesced-writes.ts, so that a player's acknowledgement and broadcast leave in one write).
   */
  constructor(
    private readonly db: Database,
    private readonly around: (answers: () => void) => void = (answers) => answers(),
  ) {}

  append(entry: LogEntry): Promise<RatingOutcome | undefined> {
    return new Promise((done, lost) => {
      this.queue.push({ entry, done, lost });
      this.kick();
    });
  }

  private kick(): void {
    if (this.writing) return;
    // The write starts after this turn of the event loop, so every command read from the
    // sockets in it goes into one commit (a burst of moves costs one commit, not one each).
    // An append that lands between the last write and this promise settling is picked up here.
    this.writing = new Promise((resolve) => setImmediate(resolve)).then(() => this.writeAll()).finally(() => {
      this.writing = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  async drain(): Promise<void> {
    while (this.writing || this.settling.length > 0) await (this.writing ?? new Promise((resolve) => setImmediate(resolve)));
  }

  /**
   * The answers of a commit, in order, SETTLE_CHUNK at a time with the event loop's turn between:
   * a commit of hundreds of moves sends their events in slices, and the sockets are read in between.
   */
  private settle(answers: (() => void)[]): void {
    const idle = this.settling.length === 0;
    this.settling.push(...answers);
    if (idle) this.settleChunk();
  }

  private settleChunk(): void {
    const chunk = this.settling.splice(0, SETTLE_CHUNK);
    this.around(() => {
      for (const answer of chunk) answer();
    });
    if (this.settling.length > 0) setImmediate(() => this.settleChunk());
  }

  private async writeAll(): Promise<void> {
    let wait = RETRY_MS.first;
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, BATCH);
      let outcomes: Written[];
      try {
        outcomes = await this.write(batch.map((p) => p.entry));
      } catch (error) {
        // Kept, in order, and tried again: nothing acknowledged is lost, and nothing is
        // acknowledged before it is written.
        if (!this.failing) console.error(`room log: writing ${batch.length} command(s) failed; retrying until the database answers:`, (error as Error).message);
        this.failing = true;
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, RETRY_MS.max);
        continue;
      }
      if (this.failing) console.error('room log: the database answers again; the delayed commands are written');
      this.failing = false;
      wait = RETRY_MS.first;
      this.queue.splice(0, batch.length);
      this.settle(
        batch.map((pending, i) => () => {
          const written = outcomes[i]!;
          if (written === 'fenced') pending.lost(new LeaseLost(pending.entry.roomId));
          else pending.done(written.outcome);
        }),
      );
    }
  }

  private async write(entries: LogEntry[]): Promise<Written[]> {
    const plain = entries.every((e) => !e.rate && e.snapshot === undefined && !e.gone);
    if (plain) {
      const refused = await insert(this.db, entries);
      return entries.map((e) => (refused.size > 0 && refused.has(key(e)) ? 'fenced' : { outcome: undefined }));
    }
    return this.db.transaction(async (tx) => {
      const refused = await insert(tx, entries);
      const written: Written[] = [];
      for (const entry of entries) {
        if (refused.has(key(entry))) {
          written.push('fenced');
          continue;
        }
        written.push({ outcome: entry.rate ? await writeRatedGame(tx, entry.rate) : undefined });
        if (entry.snapshot !== undefined) {
          await tx.query(
            `insert into game_server.room_snapshots (room_id, seq, state, at) values ($1, $2, $3, to_timestamp($4::float8 / 1000))
             on conflict (room_id) do update set seq = excluded.seq, state = excluded.state, at = excluded.at`,
            [entry.roomId, entry.seq, JSON.stringify(entry.snapshot), entry.at],
          );
          await tx.query('delete from game_server.room_log where room_id = $1 and seq <= $2', [entry.roomId, entry.seq]);
        }
        if (entry.gone) {
          await tx.query('delete from game_server.room_log where room_id = $1', [entry.roomId]);
          await tx.query('delete from game_server.room_snapshots where room_id = $1', [entry.roomId]);
          // Its code is free again for a new room on any node.
          await tx.query('delete from game_server.room_leases where room_id = $1', [entry.roomId]);
        }
      }
      return written;
    });
  }

  async load(roomIds: string[]): Promise<StoredRoom[]> {
    const rooms = new Map<string, StoredRoom>();
    const room = (roomId: string): StoredRoom => {
      let stored = rooms.get(roomId);
      if (!stored) rooms.set(roomId, (stored = { roomId, snapshot: null, entries: [] }));
      return stored;
    };
    const snapshots = await this.db.query<{ room_id: string; seq: number; state: unknown }>('select room_id, seq, state from game_server.room_snapshots where room_id = any($1::text[])', [roomIds]);
    for (const row of snapshots) room(row.room_id).snapshot = { seq: row.seq, state: row.state };
    const entries = await this.db.query<{ room_id: string; seq: number; command: Command; at: number }>(
      `select room_id, seq, command, round(extract(epoch from at) * 1000)::float8 as at from game_server.room_log where room_id = any($1::text[]) order by room_id, seq`,
      [roomIds],
    );
    for (const row of entries) room(row.room_id).entries.push({ seq: row.seq, command: row.command, at: row.at });
    return [...rooms.values()];
  }
}

const key = (e: { roomId: string; seq: number }) => `${e.roomId}/${e.seq}`;

/**
 * One statement for the whole batch; an entry goes in only under its lease's current fence. The
 * batch travels as one JSON document (made by JSON.stringify in one native call, rather than five
 * array literals the driver escapes element by element), and the statement returns only the
 * entries it refused, normally none, so a commit of hundreds of moves parses no rows. Not a
 * named prepared statement: on PGlite every connection shares the one session, so a second
 * connection's PREPARE of the same name fails. The keys of the entries refused.
 */
async function insert(db: Queryable, entries: LogEntry[]): Promise<Set<string>> {
  const rows = await db.query<{ room_id: string; seq: number }>(
    `with e as (select * from json_to_recordset($1::json) as e(r text, s int, c json, t float8, f int8)),
     written as (
       insert into game_server.room_log (room_id, seq, command, at)
       select e.r, e.s, e.c, to_timestamp(e.t / 1000)
       from e join game_server.room_leases l on l.room_id = e.r and l.fence = e.f
       for share of l
       returning room_id, seq
     )
     select e.r as room_id, e.s as seq from e where not exists (select 1 from written w where w.room_id = e.r and w.seq = e.s)`,
    [JSON.stringify(entries.map(row))],
  );
  return new Set(rows.map((r) => key({ roomId: r.room_id, seq: r.seq })));
}

/** An entry as a row of the batch's JSON document. */
const row = (e: LogEntry) => ({ r: e.roomId, s: e.seq, c: e.command, t: e.at, f: e.fence });

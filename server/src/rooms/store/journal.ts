/**
 * The rooms' durable log: every accepted command is appended to
 * game_server.room_log and acknowledged only once committed. Appends made while a write is
 * under way go together in the next one (group commit across rooms: one INSERT for many
 * moves). A step that ends a rated game writes the result and both profiles in the same
 * transaction as its log entry, so an outage can delay a result but never drop it: while the
 * database is unreachable the batch is retried, with back-off, until it commits.
 *
 * Several nodes: each entry carries the fence of the room's lease (leases.ts) and goes
 * in only while that is still the lease's fence. The lease rows are locked (FOR SHARE) by the
 * insert, so a takeover waits for it and then reads it back; an entry of a room this node lost
 * is refused with LeaseLost, and nothing of it is written.
 *
 * One bad entry costs one command, not the node: when a write fails on data the database will
 * never take (log-errors.ts), or fails twice, the batch is written by halves until the bad entry is
 * alone; it is refused with EntryRefused, and so are the later entries of its room (they were
 * built on it); every other entry is written. A rated result or a snapshot that cannot be written
 * is left out of its entry (a savepoint) rather than costing the command: the game ends unrated,
 * the room's log is kept whole instead of its snapshot.
 */
import type { Database, Queryable } from '../../db/database';
import { describeError } from '../../log';
import type { Command } from '../core/commands';
import { isBadData, isPassing } from './log-errors';
import type { RatedGame, RatingOutcome } from '../core/rated';
import { writeRatedGame } from './rated-results';
import { logger } from '../../logger';

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
  /** Resolves when everything appended so far is committed (or refused). */
  drain(): Promise<void>;
  /** Commands appended and not written yet (a shutdown that cannot wait tells how many). */
  unwritten(): number;
}

/** No database (unit tests of the server without one): nothing is kept. */
export const memoryJournal: Journal = {
  append: () => Promise.resolve(undefined),
  load: () => Promise.resolve([]),
  drain: () => Promise.resolve(),
  unwritten: () => 0,
};

/** The room's lease has moved to another node: this node may no longer write to it. */
export class LeaseLost extends Error {
  constructor(readonly roomId: string) {
    super(`room ${roomId}: its lease is held by another node`);
  }
}

/**
 * The database refused the entry (`first`), or it came after a refused entry of its room and was
 * built on it: nothing of it is written, and the room's owner puts the room back as its log has it.
 */
export class EntryRefused extends Error {
  constructor(
    readonly roomId: string,
    readonly seq: number,
    readonly first: boolean,
  ) {
    super(first ? `room ${roomId}: the database refused its command ${seq}` : `room ${roomId}: its command ${seq} came after a refused one`);
  }
}

interface Pending {
  entry: LogEntry;
  done: (outcome: RatingOutcome | undefined) => void;
  fail: (error: LeaseLost | EntryRefused) => void;
  /** Decided without writing: refused, or after a refused entry of its room. */
  refused?: EntryRefused;
}

/**
 * What became of one entry of a write: written (with its rated result, if any, and what of it was
 * left out), or refused because another node holds the room.
 */
type Written = { outcome: RatingOutcome | undefined; unrated?: string; unsnapshotted?: string } | 'fenced';

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
  /** Room id → the seq of its entry the database refused: its later entries, built on it, are refused too. */
  private readonly refusedFrom = new Map<string, number>();

  /**
   * `around` runs each slice of a commit's answers (index.ts holds the sockets' writes during it,
   * coalesced-writes.ts, so that a player's acknowledgement and broadcast leave in one write).
   */
  constructor(
    private readonly db: Database,
    private readonly around: (answers: () => void) => void = (answers) => answers(),
  ) {}

  append(entry: LogEntry): Promise<RatingOutcome | undefined> {
    return new Promise((done, fail) => {
      const pending: Pending = { entry, done, fail };
      // Appended after its room's refused entry: built on it (a later seq), or made once the
      // room was put back as its log has it (the refused seq again), which starts afresh.
      const refused = this.refusedFrom.get(entry.roomId);
      if (refused !== undefined && entry.seq > refused) pending.refused = new EntryRefused(entry.roomId, entry.seq, false);
      else if (refused !== undefined) this.refusedFrom.delete(entry.roomId);
      this.queue.push(pending);
      this.kick();
    });
  }

  unwritten(): number {
    let count = 0;
    for (const pending of this.queue) if (!pending.refused) count++;
    return count;
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
      const written: (Written | undefined)[] = new Array(batch.length);
      try {
        await this.writeApart(batch, written, batch.map((_, i) => i));
      } catch (error) {
        // Unreachable (or busy): what is decided is answered, the rest kept, in order, and tried
        // again: nothing acknowledged is lost, and nothing is acknowledged before it is written.
        // Entries are decided from the first on, so everything written is in the decided part.
        let decided = 0;
        while (decided < batch.length && (written[decided] !== undefined || batch[decided]!.refused)) decided++;
        this.answer(batch.slice(0, decided), written);
        if (!this.failing) logger.error(`room log: writing ${batch.length - decided} command(s) failed; retrying until the database answers:`, (error as Error).message);
        this.failing = true;
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, RETRY_MS.max);
        continue;
      }
      if (this.failing) logger.error('room log: the database answers again; the delayed commands are written');
      this.failing = false;
      wait = RETRY_MS.first;
      this.answer(batch, written);
    }
  }

  /**
   * Writes the entries at `at` of the batch (those not decided yet). When the database refuses
   * the write for bad data, or fails it twice, they are written by halves, first half first, until
   * the bad entry is alone and refused. Throws only when the database is out of reach or busy.
   */
  private async writeApart(batch: Pending[], written: (Written | undefined)[], at: number[], failedOnce = false): Promise<void> {
    const todo = at.filter((i) => !batch[i]!.refused && written[i] === undefined);
    if (todo.length === 0) return;
    try {
      const results = await this.write(todo.map((i) => batch[i]!.entry));
      todo.forEach((i, j) => (written[i] = results[j]!));
    } catch (error) {
      if (isPassing(error)) throw error;
      if (!isBadData(error) && !failedOnce) return this.writeApart(batch, written, todo, true);
      if (todo.length === 1) return this.refuse(batch[todo[0]!]!, error);
      const half = Math.ceil(todo.length / 2);
      await this.writeApart(batch, written, todo.slice(0, half));
      await this.writeApart(batch, written, todo.slice(half));
    }
  }

  /** The database will not take this entry: refused, with every later entry of its room queued. */
  private refuse(pending: Pending, error: unknown): void {
    const { roomId, seq, command } = pending.entry;
    pending.refused = new EntryRefused(roomId, seq, true);
    this.refusedFrom.set(roomId, seq);
    let after = 0;
    for (const later of this.queue) {
      if (later.entry.roomId !== roomId || later.entry.seq <= seq || later.refused) continue;
      later.refused = new EntryRefused(roomId, later.entry.seq, false);
      after++;
    }
    logger.error(
      `room log: the database refused command ${seq} (${command.type}) of room ${roomId}: ${describeError(error)}; ` +
        `it is answered with an error${after > 0 ? `, with the ${after} after it,` : ''} and the room goes back to its last saved state`,
    );
  }

  /** Takes the batch's decided entries off the queue and answers them, in order. */
  private answer(batch: Pending[], written: (Written | undefined)[]): void {
    this.queue.splice(0, batch.length);
    this.settle(
      batch.map((pending, i) => () => {
        if (pending.refused) return pending.fail(pending.refused);
        const result = written[i]!;
        if (result === 'fenced') return pending.fail(new LeaseLost(pending.entry.roomId));
        const { roomId } = pending.entry;
        // Said once, after the commit: the move is in, without what could not be written.
        if (result.unrated) logger.error(`room log: the game of room ${roomId} ended unrated: its rated result could not be written: ${result.unrated}`);
        if (result.unsnapshotted) logger.error(`room log: the snapshot of room ${roomId} could not be written (its commands are kept instead): ${result.unsnapshotted}`);
        pending.done(result.outcome);
      }),
    );
  }

  private async write(entries: LogEntry[]): Promise<Written[]> {
    const plain = entries.every((e) => !e.rate && e.snapshot === undefined && !e.gone);
    if (plain) {
      const { refused } = await insert(this.db, entries);
      return entries.map((e) => (refused.size > 0 && refused.has(key(e)) ? 'fenced' : { outcome: undefined }));
    }
    return this.db.transaction(async (tx) => {
      const { refused, already } = await insert(tx, entries);
      const written: Written[] = [];
      for (const entry of entries) {
        if (refused.has(key(entry))) {
          written.push('fenced');
          continue;
        }
        const result: Written = { outcome: undefined };
        // Already in: its result was written with it, and a second would rate the game twice.
        if (entry.rate && !already.has(key(entry))) {
          const rate = entry.rate;
          const rated = await apart(tx, () => writeRatedGame(tx, rate));
          if ('failed' in rated) result.unrated = rated.failed;
          else result.outcome = rated.value;
        }
        if (entry.snapshot !== undefined) {
          const snapshot = JSON.stringify(entry.snapshot);
          const kept = await apart(tx, async () => {
            await tx.query(
              `insert into game_server.room_snapshots (room_id, seq, state, at) values ($1, $2, $3, to_timestamp($4::float8 / 1000))
               on conflict (room_id) do update set seq = excluded.seq, state = excluded.state, at = excluded.at`,
              [entry.roomId, entry.seq, snapshot, entry.at],
            );
            await tx.query('delete from game_server.room_log where room_id = $1 and seq <= $2', [entry.roomId, entry.seq]);
          });
          if ('failed' in kept) result.unsnapshotted = kept.failed;
        }
        written.push(result);
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
 * Runs `work` inside the write's transaction under a savepoint: when the database refuses it (a
 * rated result breaking a rule of the profiles, a snapshot it cannot store), only `work` is undone
 * and the entry is still written. Out of reach or busy fails the whole write, to be tried again.
 */
async function apart<T>(tx: Queryable, work: () => Promise<T>): Promise<{ value: T } | { failed: string }> {
  await tx.query('savepoint apart');
  try {
    const value = await work();
    await tx.query('release savepoint apart');
    return { value };
  } catch (error) {
    if (isPassing(error)) throw error;
    await tx.query('rollback to savepoint apart');
    await tx.query('release savepoint apart');
    return { failed: describeError(error) };
  }
}

/**
 * One statement for the whole batch; an entry goes in only under its lease's current fence. The
 * batch travels as one JSON document (made by JSON.stringify in one native call, rather than five
 * array literals the driver escapes element by element), and the statement returns only the
 * entries it refused, normally none, so a commit of hundreds of moves parses no rows. Not a
 * named prepared statement: on PGlite every connection shares the one session, so a second
 * connection's PREPARE of the same name fails. An entry found already in, with the same command,
 * is a write whose commit went through but whose answer was lost (the database killed just after
 * it): tried again, it counts as written, not as a broken rule. The keys of the entries refused,
 * and of those already in.
 */
async function insert(db: Queryable, entries: LogEntry[]): Promise<{ refused: Set<string>; already: Set<string> }> {
  const rows = await db.query<{ room_id: string; seq: number; already: boolean }>(
    `with e as (select * from json_to_recordset($1::json) as e(r text, s int, c json, t float8, f int8)),
     written as (
       insert into game_server.room_log (room_id, seq, command, at)
       select e.r, e.s, e.c, to_timestamp(e.t / 1000)
       from e join game_server.room_leases l on l.room_id = e.r and l.fence = e.f
       for share of l
       on conflict (room_id, seq) do nothing
       returning room_id, seq
     )
     select e.r as room_id, e.s as seq,
       exists (select 1 from game_server.room_log g where g.room_id = e.r and g.seq = e.s and g.command::text = e.c::text) as already
     from e where not exists (select 1 from written w where w.room_id = e.r and w.seq = e.s)`,
    [JSON.stringify(entries.map(row))],
  );
  const refused = new Set<string>();
  const already = new Set<string>();
  for (const r of rows) (r.already ? already : refused).add(key({ roomId: r.room_id, seq: r.seq }));
  return { refused, already };
}

/** An entry as a row of the batch's JSON document. */
const row = (e: LogEntry) => ({ r: e.roomId, s: e.seq, c: e.command, t: e.at, f: e.fence });

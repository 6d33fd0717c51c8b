/**
 * The rooms this node owns: each one's state, log position and lease fence, and one
 * timer for its next deadline. A command runs through the room reducer here, is written to the
 * log under the room's fence, and only once committed do its events go out (to sockets on any
 * node, through socket.io's adapter) and its answer come back. Rooms arrive by creation, by the
 * start-up claim and by taking over leases that expired; they leave when gone or when their lease
 * is lost to another node.
 *
 * A command the database refuses (journal.ts: EntryRefused) never happened: its room goes back to
 * the state of its last committed command, which is what its log holds, and the sender is told
 * (SERVER_ERRORS.notSaved). Its events were never sent, since they go out only once committed.
 */
import type { GameIo } from '../edge/transport';
import { SERVER_ERRORS as E } from '../../../../src/protocol';
import type { NodeNotice } from './node-messages';
import type { Command } from '../core/commands';
import { EntryRefused, LeaseLost, type Journal, type StoredRoom } from '../store/journal';
import type { Lease, Leases } from '../store/leases';
import { systemClock, type RoomClock, type TimerId } from '../core/room-clock';
import { nextDeadline, reduce, type Outgoing, type Reply } from '../core/reducer';
import { withRatings } from '../core/rated';
import { fromSnapshot, toSnapshot, type StoredState } from '../core/snapshot';
import type { RoomConfig, RoomState } from '../core/state';
import { Audience } from '../spectators/counts';

/** How long a room whose deadline's tick was refused waits before it is rebuilt from its log. */
const RELOAD_MS = 1000;

/** A command that reached a node which no longer owns the room: the sender asks the new owner. */
export const ROOM_MOVED = 'The room moved to another server: try again';

export interface LiveRoom {
  state: RoomState;
  seq: number;
  fence: number;
  sinceSnapshot: number;
  timer: TimerId | null;
  timerAt: number | null;
  /** The socket holding each seat, and its node: a stale socket's drop is ignored. */
  holders: Map<string, Holder>;
  /**
   * The room as its log has it: the state after its last committed command, and that command's
   * seq (`state` runs ahead while commands wait for their commit). Null until its first commit.
   */
  saved: RoomState | null;
  savedSeq: number;
  /** Dropped because its own step ended it (not lost to another node): a refusal may bring it back. */
  ended?: boolean;
}

export interface Holder {
  socketId: string;
  node: string;
}

/** The socket.io room a player's sockets are in, on whichever node: events meant for one player. */
export const playerRoom = (playerId: string): string => `player:${playerId}`;

/** The sockets the rooms speak to, typed with the server events' wire payloads. */
type Broadcaster = Pick<GameIo, 'to' | 'local'>;

/** What the rooms tell: all of it built before them (the seats, the channel between nodes, the listings). */
export interface OwnedRoomsHooks {
  /** Players who left a room (their sockets, on any node, leave it). */
  left(playerId: string, code: string): void;
  notify(notice: NodeNotice): void;
  /** A step of a room was committed (null: the room is gone); its open-game listing may change. */
  committed(roomId: string, room: RoomState | null): void;
  /** The room is no longer this node's (gone, lost or given up). */
  unowned(roomId: string): void;
}

export class OwnedRooms {
  private readonly rooms = new Map<string, LiveRoom>(); // by room id
  readonly byCode = new Map<string, string>(); // code → room id
  readonly byToken = new Map<string, { roomId: string; playerId: string }>(); // token hash → seat
  private maintaining: Promise<void> | null = null;
  /** Rooms set aside to be rebuilt from their logs (reload). */
  private readonly reloading = new Set<NodeJS.Timeout>();
  /** As the owner: how many watch each room, per node; the room's sockets are told the total. */
  readonly audience: Audience;
  /** Rooms that just became this node's (start-up or takeover), after their 'restarted' step. */
  private arrivals: ((roomIds: string[]) => void) | null = null;

  constructor(
    private readonly io: Broadcaster,
    private readonly journal: Journal,
    readonly leases: Leases,
    private readonly config: RoomConfig,
    private readonly snapshotEvery: number,
    private readonly hooks: OwnedRoomsHooks,
    readonly clock: RoomClock = systemClock,
    multiNode = false,
  ) {
    this.audience = new Audience(leases.nodeId, (roomId, count) => this.tellSpectators(roomId, count), multiNode);
  }

  /** Who brings the seats of rooms that arrive back into them (the router, as it is built). */
  whenArrived(listener: (roomIds: string[]) => void): void {
    this.arrivals = listener;
  }

  get size(): number {
    return this.rooms.size;
  }

  get(roomId: string): LiveRoom | undefined {
    return this.rooms.get(roomId);
  }

  ids(): string[] {
    return [...this.rooms.keys()];
  }

  /**
   * Reduces one command and, when it changed the room, writes it to the log; the events go out
   * and the answer comes back only once it is committed. `fence` is a new room's lease.
   */
  run(roomId: string | null, command: Command, now = this.clock.now(), fence?: number): Promise<Reply> {
    const live = roomId ? this.rooms.get(roomId) : undefined;
    const step = reduce(live?.state ?? null, command, now, this.config);
    if (!step.changed) return Promise.resolve(step.reply);
    const id = live?.state.id ?? (command.type === 'create' || command.type === 'paired' ? command.roomId : roomId);
    if (!id || (!live && fence === undefined)) return Promise.resolve(step.reply);
    const seq = (live?.seq ?? 0) + 1;
    const entryFence = live?.fence ?? fence ?? 0;
    const room = this.keep(id, live, step.room, seq, entryFence);
    const snapshot = room && room.sinceSnapshot >= this.snapshotEvery ? toSnapshot(room.state) : undefined;
    if (room && snapshot) room.sinceSnapshot = 0;
    const written = this.journal.append({ roomId: id, seq, fence: entryFence, command, at: now, rate: step.rate, snapshot, gone: step.room === null });
    return written.then(
      (ratings) => {
        if (room && step.room) {
          room.saved = step.room;
          room.savedSeq = seq;
        }
        const state = step.room ?? live?.state;
        const current = this.rooms.get(id) ?? live;
        for (const out of step.events) this.send(ratings ? withRatings(out, ratings) : out, state, current);
        for (const playerId of step.left) if (state) this.hooks.left(playerId, state.code);
        // The room as of this step (commits come in order); a room lost since has no more listing here.
        if (step.room === null || this.rooms.has(id)) this.hooks.committed(id, step.room);
        return step.reply;
      },
      (error: unknown) => {
        if (error instanceof EntryRefused) {
          // The later commands of the room were built on this one: refused too, and the room is
          // put back once, at the first.
          if (error.first) this.putBack(id, room ?? live, command);
          return { success: false, error: E.notSaved } satisfies Reply;
        }
        if (!(error instanceof LeaseLost)) throw error;
        // Another node took the room over: what this node did after that never happened.
        this.drop(error.roomId);
        return { success: false, error: ROOM_MOVED } satisfies Reply;
      },
    );
  }

  /**
   * A command of the room was refused by the database: the room goes back to its last committed
   * state, the one its log holds. A room with nothing committed never existed. A deadline's tick
   * or a restart would only be made again at once and refused again: that room is rebuilt from
   * its log instead, after a pause, as after a restart: everyone away with a fresh grace period,
   * and its players on this node back at once.
   */
  private putBack(id: string, room: LiveRoom | undefined, command: Command): void {
    if (!room?.saved) return this.drop(id);
    if (this.rooms.get(id) !== room) {
      // Dropped by a step built on the refused one, which ended it, it is back; a room lost to
      // another node stays lost.
      if (this.rooms.has(id) || !room.ended) return;
      room.ended = false;
      this.rooms.set(id, room);
    }
    if (command.type === 'tick' || command.type === 'restarted') return this.reload(id, room);
    const ahead = room.state;
    for (const m of ahead.members) if (!room.saved.members.some((n) => n.id === m.id) && this.byToken.get(m.tokenHash)?.roomId === id) this.byToken.delete(m.tokenHash);
    for (const m of room.saved.members) this.byToken.set(m.tokenHash, { roomId: id, playerId: m.id });
    for (const playerId of room.holders.keys()) if (!room.saved.members.some((m) => m.id === playerId)) room.holders.delete(playerId);
    this.byCode.set(room.saved.code, id);
    room.state = room.saved;
    room.seq = room.savedSeq;
    if (room.timer) this.clock.clearTimer(room.timer);
    room.timer = null;
    room.timerAt = null;
    this.schedule(id, room);
    // Its open-game listing, as of the state put back.
    this.hooks.committed(id, room.saved);
  }

  /**
   * The room is set aside and rebuilt from its log, under the lease this node still holds, after
   * RELOAD_MS (a room whose every command is refused costs the database one try a second).
   * Meanwhile its commands wait for it, as for a room being taken over.
   */
  private reload(id: string, room: LiveRoom): void {
    this.drop(id);
    const lease: Lease = { roomId: id, fence: room.fence, code: room.state.code };
    const timer = setTimeout(() => {
      this.reloading.delete(timer);
      this.arrive([lease], this.clock.now()).catch((error: unknown) => console.error(`room ${id}: rebuilding it from its log failed:`, (error as Error).message));
    }, RELOAD_MS);
    this.reloading.add(timer);
  }

  /** The room after a step, in memory (ahead of the log: later commands build on it). */
  private keep(id: string, live: LiveRoom | undefined, state: RoomState | null, seq: number, fence: number): LiveRoom | null {
    if (!state) {
      if (live) live.ended = true;
      this.drop(id);
      return null;
    }
    const room = live ?? { state, seq, fence, sinceSnapshot: 0, timer: null, timerAt: null, holders: new Map(), saved: null, savedSeq: 0 };
    // A move keeps the members (and the code) as they were: the indexes change only with them.
    if (!live || live.state.members !== state.members) {
      if (live) for (const m of live.state.members) if (!state.members.some((n) => n.id === m.id)) this.byToken.delete(m.tokenHash);
      for (const m of state.members) this.byToken.set(m.tokenHash, { roomId: id, playerId: m.id });
    }
    if (!live) this.rooms.set(id, room);
    if (!live || live.state.code !== state.code) this.byCode.set(state.code, id);
    room.state = state;
    room.seq = seq;
    room.sinceSnapshot += 1;
    this.schedule(id, room);
    return room;
  }

  /** Forgets a room: gone, or no longer this node's. */
  drop(id: string): void {
    const live = this.rooms.get(id);
    if (!live) return;
    if (live.timer) this.clock.clearTimer(live.timer);
    this.rooms.delete(id);
    this.hooks.unowned(id);
    if (this.byCode.get(live.state.code) === id) this.byCode.delete(live.state.code);
    for (const m of live.state.members) if (this.byToken.get(m.tokenHash)?.roomId === id) this.byToken.delete(m.tokenHash);
  }

  /**
   * One timer per room, for its earliest deadline. A timer due later than a new deadline is
   * replaced; one due earlier is left (it finds nothing due and sets the next), so a move costs
   * no timer work.
   */
  private schedule(id: string, room: LiveRoom): void {
    const at = nextDeadline(room.state, this.config);
    if (at === null || (room.timerAt !== null && room.timerAt <= at)) return;
    if (room.timer) this.clock.clearTimer(room.timer);
    room.timerAt = at;
    room.timer = this.clock.setTimer(() => {
      room.timer = null;
      room.timerAt = null;
      if (this.rooms.get(id) !== room) return;
      void this.run(id, { type: 'tick' }).finally(() => this.rooms.get(id) === room && this.schedule(id, room));
    }, Math.max(0, at - this.clock.now()));
  }

  /**
   * An event to the room's sockets (or one player's). When every seat is held by a socket of this
   * node it does not go through the adapter: a room whose players sit with its owner costs the
   * other nodes nothing, unless spectators on other nodes watch it.
   */
  private send(out: Outgoing, room: RoomState | undefined, live: LiveRoom | undefined): void {
    const local = out.to ? this.heldHere(live, out.to) : room !== undefined && this.allHeldHere(live, room) && !this.audience.elsewhere(room.id);
    const io = local ? this.io.local : this.io;
    const target = out.to ? io.to(playerRoom(out.to)) : room ? io.to(room.code) : null;
    (target as { emit: (event: string, payload: unknown) => unknown } | null)?.emit(out.event, out.payload);
  }

  /** Whether a socket of this node holds the player's seat. */
  private heldHere(live: LiveRoom | undefined, playerId: string): boolean {
    return live?.holders.get(playerId)?.node === this.leases.nodeId;
  }

  /** Whether sockets of this node hold every seat of the room. */
  private allHeldHere(live: LiveRoom | undefined, room: RoomState): boolean {
    for (const m of room.members) if (!this.heldHere(live, m.id)) return false;
    return true;
  }

  // ------------------------------------------------------------- rooms arriving

  /**
   * At start-up: the rooms this node claims (its own, expired ones, unleased ones; all of them on
   * the embedded database), each rebuilt from its log and told it was restarted.
   */
  async restore(all: boolean, now = this.clock.now()): Promise<number> {
    await this.arrive(await this.leases.claimAtStartup(all), now);
    return this.rooms.size;
  }

  /**
   * Rebuilds rooms from their logs (the latest snapshot, then the commands after it), then tells
   * each it was restarted (logged too): everyone is away with a fresh grace period, and players
   * get back in with their rejoin tokens, or their node brings them back.
   */
  private async arrive(leases: Lease[], now: number): Promise<void> {
    if (leases.length === 0) return;
    const fences = new Map(leases.map((l) => [l.roomId, l]));
    const stored = await this.journal.load(leases.map((l) => l.roomId));
    const restarted: Promise<unknown>[] = [];
    const arrived: string[] = [];
    for (const room of stored) {
      const lease = fences.get(room.roomId);
      if (!lease) continue;
      const state = this.rebuild(room);
      if (!state) continue;
      const seq = room.entries.at(-1)?.seq ?? room.snapshot?.seq ?? 0;
      const live: LiveRoom = { state, seq, fence: lease.fence, sinceSnapshot: room.entries.length, timer: null, timerAt: null, holders: new Map(), saved: state, savedSeq: seq };
      this.rooms.set(room.roomId, live);
      this.byCode.set(state.code, room.roomId);
      for (const m of state.members) this.byToken.set(m.tokenHash, { roomId: room.roomId, playerId: m.id });
      if (lease.code === null) restarted.push(this.leases.setCode(room.roomId, state.code));
      // The last moment the room is known to have run: its last command, or its old owner's last renewal.
      const lastAt = Math.max(room.entries.at(-1)?.at ?? 0, lease.aliveAt ?? 0) || undefined;
      restarted.push(this.run(room.roomId, { type: 'restarted', ...(lastAt === undefined ? {} : { lastAt }) }, now));
      arrived.push(room.roomId);
    }
    await Promise.all(restarted);
    for (const roomId of arrived) this.hooks.notify({ type: 'owner', roomId, owner: this.leases.nodeId });
    this.arrivals?.(arrived);
  }

  private rebuild({ snapshot, entries }: StoredRoom): RoomState | null {
    let state = snapshot ? fromSnapshot(snapshot.state as StoredState, this.config) : null;
    for (const entry of entries) state = reduce(state, entry.command, entry.at, this.config).room;
    return state;
  }

  // ------------------------------------------------------------- leases

  /**
   * Every second: renew this node's leases (a room whose lease another node took is dropped)
   * and take over rooms whose owner stopped renewing. Never two at once.
   */
  maintain(): Promise<void> {
    this.maintaining ??= this.renewAndTakeOver()
      .catch((error: unknown) => console.error('room leases: renewing or taking over failed:', (error as Error).message))
      .finally(() => (this.maintaining = null));
    return this.maintaining;
  }

  private async renewAndTakeOver(): Promise<void> {
    // Only rooms this node had before renewing can have been lost: a room created while the
    // renewal ran has a lease the renewal did not see.
    const before = this.ids();
    const held = await this.leases.renew();
    for (const id of before) if (!held.has(id)) this.drop(id);
    for (;;) {
      const claimed = await this.leases.claimExpired(50);
      if (claimed.length === 0) return;
      await this.arrive(claimed, this.clock.now());
    }
  }

  /** Resolves when everything accepted so far is committed. */
  drain(): Promise<void> {
    return this.journal.drain();
  }

  /** Shutting down: every lease given up so that another node takes the rooms over now. */
  async release(): Promise<void> {
    const ids = this.ids();
    await this.leases.release(ids);
    for (const id of ids) this.drop(id);
  }

  close(): void {
    for (const timer of this.reloading) clearTimeout(timer);
    this.reloading.clear();
    for (const live of this.rooms.values()) if (live.timer) this.clock.clearTimer(live.timer);
    this.rooms.clear();
    this.byCode.clear();
    this.byToken.clear();
    this.audience.close();
  }

  /** The room's sockets, players and spectators on every node, hear how many watch. */
  private tellSpectators(roomId: string, count: number): void {
    const code = this.rooms.get(roomId)?.state.code;
    if (code) this.io.to(code).emit('room:spectators', { code, count });
  }
}

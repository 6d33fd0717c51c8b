/**
 * Spectators: anyone with a room's code watches its game. A spectator's socket joins
 * the room's socket.io room, so it gets the room's broadcasts as the players do (never one
 * player's events, which go to `player:<id>` rooms), and holds no seat: every command of a
 * watching socket is refused. Spectators are not room state: nothing of them is written to the
 * room's log (after a restart the pages watch again), and the reducer never hears of them.
 *
 * The number watching is kept by the room's owner, per node: each node counts its own watching
 * sockets (Watchers) and tells the owner its count, at most once per REPORT_MS for a crowd; the
 * owner (Audience) adds them up and tells the room, at most once per REPORT_MS too. Nodes repeat
 * their counts every REFRESH_MS, and the owner forgets a node it has not heard from for three of
 * those: the sockets of a node that died stop counting. The owner sends a watched room's events
 * through the adapter whenever another node has spectators of it.
 */
import type { WatchedRoom, Wire } from '../../../../src/protocol';
import { gameView, roomView, type RoomState } from '../core/state';

/** How long count changes gather before they are told (a crowd arriving is one message). */
export const REPORT_MS = 250;
/** How often a node repeats its counts to the owners (only with several nodes). */
export const REFRESH_MS = 10_000;

/** What a new spectator is sent: the whole room as it is `now` (its clocks too). */
export function watchedRoom(room: RoomState, spectators: number, now: number): Wire<WatchedRoom> {
  return { room: roomView(room), gameState: gameView(room, now), result: room.result ? { ...room.result } : null, spectators };
}

/** The sockets of this node watching each room, and the coalesced reports of their number. */
export class Watchers {
  private readonly byRoom = new Map<string, Set<string>>(); // room id → socket ids on this node
  private readonly changed = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly refresh: NodeJS.Timeout | null = null;

  constructor(
    /** Tells the room's owner (maybe this node) how many of this node's sockets watch the room. */
    private readonly report: (roomId: string, count: number) => void,
    multiNode: boolean,
  ) {
    if (!multiNode) return;
    this.refresh = setInterval(() => this.reportAll(), REFRESH_MS);
    this.refresh.unref();
  }

  /** The socket watches the room; the number of this node's sockets watching it. */
  add(roomId: string, socketId: string): number {
    const sockets = this.byRoom.get(roomId) ?? new Set();
    this.byRoom.set(roomId, sockets);
    sockets.add(socketId);
    this.soon(roomId);
    return sockets.size;
  }

  remove(roomId: string, socketId: string): void {
    const sockets = this.byRoom.get(roomId);
    if (!sockets?.delete(socketId)) return;
    if (sockets.size === 0) this.byRoom.delete(roomId);
    this.soon(roomId);
  }

  count(roomId: string): number {
    return this.byRoom.get(roomId)?.size ?? 0;
  }

  /** Every watched room's count again, now (to a new owner after a takeover, and every REFRESH_MS). */
  reportAll(roomIds: Iterable<string> = this.byRoom.keys()): void {
    for (const roomId of roomIds) if (this.byRoom.has(roomId)) this.report(roomId, this.count(roomId));
  }

  /** Shutting down: this node's spectators stop counting everywhere (they will watch again through another node). */
  stop(): void {
    this.close();
    for (const roomId of this.byRoom.keys()) this.report(roomId, 0);
    this.byRoom.clear();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.refresh) clearInterval(this.refresh);
    this.timer = null;
    this.changed.clear();
  }

  private soon(roomId: string): void {
    this.changed.add(roomId);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const rooms = [...this.changed];
      this.changed.clear();
      for (const id of rooms) this.report(id, this.count(id));
    }, REPORT_MS);
  }
}

interface NodeCount {
  count: number;
  at: number;
}

/** On the owner: how many watch each of its rooms, per node, and the coalesced news of it to the room. */
export class Audience {
  private readonly counts = new Map<string, Map<string, NodeCount>>(); // room id → node → its count
  private readonly told = new Map<string, number>(); // room id → the total last told
  private readonly changed = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly nodeId: string,
    /** Tells the room's sockets, on every node, the number watching. */
    private readonly tell: (roomId: string, count: number) => void,
    multiNode: boolean,
  ) {
    if (!multiNode) return;
    this.sweep = setInterval(() => this.forgetSilentNodes(Date.now()), REFRESH_MS);
    this.sweep.unref();
  }

  /** Node `node` has `count` sockets watching the room (its latest report). */
  set(roomId: string, node: string, count: number, now = Date.now()): void {
    const nodes = this.counts.get(roomId) ?? new Map<string, NodeCount>();
    if (count > 0) nodes.set(node, { count, at: now });
    else nodes.delete(node);
    if (nodes.size > 0) this.counts.set(roomId, nodes);
    else this.counts.delete(roomId);
    this.soon(roomId);
  }

  total(roomId: string): number {
    let sum = 0;
    for (const { count } of this.counts.get(roomId)?.values() ?? []) sum += count;
    return sum;
  }

  /** Whether sockets of another node watch the room: its events must go through the adapter. */
  elsewhere(roomId: string): boolean {
    const nodes = this.counts.get(roomId);
    return nodes !== undefined && (nodes.size > 1 || !nodes.has(this.nodeId));
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.sweep) clearInterval(this.sweep);
    this.timer = null;
  }

  /** A node silent for three refreshes is gone (killed): its spectators no longer count. */
  private forgetSilentNodes(now: number): void {
    for (const [roomId, nodes] of this.counts) {
      for (const [node, { at }] of nodes) if (node !== this.nodeId && now - at > 3 * REFRESH_MS) this.set(roomId, node, 0, now);
    }
  }

  private soon(roomId: string): void {
    this.changed.add(roomId);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const rooms = [...this.changed];
      this.changed.clear();
      for (const id of rooms) {
        const total = this.total(id);
        if (total === (this.told.get(id) ?? 0)) continue;
        if (total > 0) this.told.set(id, total);
        else this.told.delete(id);
        this.tell(id, total);
      }
    }, REPORT_MS);
  }
}

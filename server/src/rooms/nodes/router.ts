/**
 * Where a room's commands go: to this node when it owns the room (owned-rooms.ts),
 * or to the node that does, through socket.io's adapter (node-messages.ts). When the owner is gone
 * (its lease lapses) or the room moved, a command waits for the takeover and goes on there, on
 * whichever node took the room, maybe this one. It also answers what other nodes ask of this one.
 */
import { SERVER_ERRORS as E, type WatchedRoom, type Wire } from '../../../../src/protocol';
import { logFailure } from '../../log';
import type { Cluster, NodeNotice, NodeRequest, SeatFound } from './node-messages';
import type { Command } from '../core/commands';
import { ROOM_MOVED, type OwnedRooms } from './owned-rooms';
import type { Reply } from '../core/reducer';
import { joinRefusal } from '../core/join-rule';
import { watchedRoom, type Watchers } from '../spectators/counts';
import type { GameIo } from '../edge/transport';

/** How long a forwarded command may wait for its owner (a commit under load included). */
const FORWARD_TIMEOUT_MS = 10_000;
/** How long to look for a room whose owner died, while its lease lapses and a node takes it over. */
const TAKEOVER_WAIT_MS = 8_000;
const RETRY_MS = 250;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const moved = (reply: Reply | undefined): boolean => !reply || (!reply.success && reply.error === ROOM_MOVED);

/** One try at something a room's owner must answer: its answer, or "try again" with what to say if time runs out. */
type Attempt<T> = { answer: T } | { again: T };

/** What the router needs of the seats of this node (edge/seats.ts). */
export interface SeatTable {
  /** The seat is no longer held by this node's socket, unless it is `except`. */
  unseatHere(playerId: string, code: string, except?: string): void;
  /** The seat is no longer held by any socket but `except`, on any node. */
  unseatEverywhere(playerId: string, code: string, except?: string): void;
  /** This node's seated players in those rooms, and their sockets. */
  inRooms(roomIds: ReadonlySet<string>): Iterable<SeatHeld>;
}

export interface SeatHeld {
  roomId: string;
  playerId: string;
  socketId: string;
}

export class RoomRouter {
  private readonly owners = new Map<string, string>(); // room id → owner node, as last learnt
  /** False once the node is stopping: it takes no new command. */
  accepting = true;

  /**
   * Built after the rooms, the channel between nodes, the seats and this node's spectators, all of
   * which it is given; it answers the other nodes and brings back the seats of rooms that arrive.
   */
  constructor(
    private readonly io: GameIo,
    private readonly owned: OwnedRooms,
    private readonly cluster: Cluster,
    private readonly seats: SeatTable,
    private readonly watchers: Watchers,
  ) {
    cluster.serve({ request: (body) => this.answer(body), notice: (body) => this.heard(body) });
    owned.whenArrived((roomIds) => this.bringBack(roomIds));
  }

  private get nodeId(): string {
    return this.owned.leases.nodeId;
  }

  /**
   * Takes a command to the room's owner and brings its answer back. When the owner is gone (its
   * lease lapses) or the room moved, it asks again, taking the room over itself once the lease
   * has expired, for up to TAKEOVER_WAIT_MS.
   */
  async route(roomId: string, command: Command, socketId: string): Promise<Reply> {
    if (!this.accepting) return { success: false, error: E.restarting };
    return this.untilTakenOver(async (): Promise<Attempt<Reply>> => {
      const reply = this.owned.get(roomId) ? await this.accept(roomId, command, socketId) : await this.forward(roomId, command, socketId);
      if (reply && !moved(reply)) return { answer: reply };
      this.owners.delete(roomId);
      return { again: reply ?? { success: false, error: ROOM_MOVED } };
    });
  }

  /**
   * Tries `attempt` until it answers. Between tries this node renews its leases and takes over
   * those that lapsed (its own maintenance), so a room whose owner died is found on whichever node
   * takes it, maybe this one; after TAKEOVER_WAIT_MS the last try's fallback is the answer.
   */
  private async untilTakenOver<T>(attempt: () => Promise<Attempt<T>>): Promise<T> {
    // Real time, not the rooms' clock: this waits for other nodes' leases to lapse in the database.
    const deadline = Date.now() + TAKEOVER_WAIT_MS;
    for (;;) {
      const tried = await attempt();
      if ('answer' in tried) return tried.answer;
      if (Date.now() >= deadline) return tried.again;
      await pause(RETRY_MS);
      await this.owned.maintain();
    }
  }

  private async forward(roomId: string, command: Command, socketId: string): Promise<Reply | undefined> {
    let owner = this.owners.get(roomId);
    if (!owner) {
      const found = await this.owned.leases.ownerOf({ roomId });
      if (!found) return { success: false, error: E.notInRoom };
      if (found.owner === this.nodeId || found.expired) return undefined; // taken over by route()
      owner = found.owner;
      this.owners.set(roomId, owner);
    }
    return this.cluster.request<Reply>(owner, { type: 'command', roomId, command, socketId, node: this.nodeId }, FORWARD_TIMEOUT_MS);
  }

  /**
   * A command for a room this node owns, from the socket `socketId` on any node. The socket that
   * last entered a seat holds it: a command from an older one is refused, its drop ignored.
   */
  private accept(roomId: string, command: Command, socketId: string, node = this.nodeId): Promise<Reply> {
    const live = this.owned.get(roomId);
    if (!live) return Promise.resolve({ success: false, error: ROOM_MOVED });
    if ('playerId' in command) {
      const holder = live.holders.get(command.playerId)?.socketId;
      const enters = command.type === 'join' || command.type === 'back' || command.type === 'create';
      if (enters) {
        live.holders.set(command.playerId, { socketId, node });
        // A new player has no other socket to unseat; one coming back may (on any node).
        if (command.type !== 'join' && holder !== socketId) this.seats.unseatEverywhere(command.playerId, live.state.code, socketId);
      } else if (holder !== undefined && holder !== socketId) {
        return Promise.resolve(command.type === 'dropped' ? { success: true } : { success: false, error: E.notInRoom });
      } else if (holder === undefined) {
        live.holders.set(command.playerId, { socketId, node });
      }
      if (enters) {
        const reply = this.owned.run(roomId, command);
        void reply.then((r) => r.success && this.tellSeated(roomId, socketId));
        return reply;
      }
    }
    return this.owned.run(roomId, command);
  }

  /**
   * The room to show a new spectator, from its owner (this node or another), who counts
   * `count` watching sockets of this node. Waits for a takeover as route() does; undefined when the room is gone.
   */
  watch(roomId: string, count: number): Promise<Wire<WatchedRoom> | undefined> {
    return this.untilTakenOver(async (): Promise<Attempt<Wire<WatchedRoom> | undefined>> => {
      if (this.owned.get(roomId)) {
        this.owned.audience.set(roomId, this.nodeId, count);
        return { answer: this.watchedRoom(roomId) };
      }
      const found = await this.owned.leases.ownerOf({ roomId });
      if (!found) return { answer: undefined };
      if (found.owner !== this.nodeId && !found.expired) {
        const answer = await this.cluster.request<{ success: true; view: Wire<WatchedRoom> } | Reply>(
          found.owner,
          { type: 'watch', roomId, node: this.nodeId, count },
          FORWARD_TIMEOUT_MS,
        );
        if (answer?.success && 'view' in answer) return { answer: answer.view };
      }
      return { again: undefined };
    });
  }

  /** Why the room, on whichever node, would not take a player of this name, or null. */
  async joinRefusal(roomId: string, username: string): Promise<string | null> {
    const live = this.owned.get(roomId);
    if (live) return joinRefusal(live.state, username);
    const owner = (await this.owned.leases.ownerOf({ roomId }))?.owner;
    if (!owner) return E.roomNotFound;
    const answer = await this.cluster.request<{ error: string | null }>(owner, { type: 'canJoin', roomId, username }, FORWARD_TIMEOUT_MS);
    // The owner's node does not answer (it is being taken over): the join itself will tell.
    return answer?.error === ROOM_MOVED ? null : (answer?.error ?? null);
  }

  /**
   * The seat of a rejoin token, on any node. Every other node that owns rooms is asked; when all
   * say "not mine", the seat is gone. A node that does not answer may be dead with the room: the
   * search waits while its leases lapse and a node (maybe this one) takes its rooms over.
   */
  findSeat(tokenHash: string): Promise<SeatFound | undefined> {
    return this.untilTakenOver(async (): Promise<Attempt<SeatFound | undefined>> => {
      const here = this.seatHere(tokenHash);
      if (here) return { answer: here };
      const owners = (await this.owned.leases.owners()).filter((node) => node !== this.nodeId);
      const answers = await this.cluster.askEach<{ seat: SeatFound | null }>(owners, { type: 'findToken', tokenHash }, 1000);
      const seat = [...answers.values()].find((a) => a.seat)?.seat;
      if (seat) return { answer: seat };
      // Every node answered "not mine": the seat is gone, nothing to wait for.
      return answers.size === owners.length ? { answer: undefined } : { again: undefined };
    });
  }

  private seatHere(tokenHash: string): SeatFound | undefined {
    const seat = this.owned.byToken.get(tokenHash);
    const live = seat ? this.owned.get(seat.roomId) : undefined;
    return seat && live ? { roomId: seat.roomId, code: live.state.code, playerId: seat.playerId } : undefined;
  }

  /** What another node asks of this one. */
  private answer(body: NodeRequest): unknown {
    switch (body.type) {
      case 'command':
        return this.accept(body.roomId, body.command, body.socketId, body.node);
      case 'canJoin': {
        const live = this.owned.get(body.roomId);
        return { error: live ? joinRefusal(live.state, body.username) : ROOM_MOVED };
      }
      case 'findToken':
        return { seat: this.seatHere(body.tokenHash) ?? null };
      case 'watch': {
        const live = this.owned.get(body.roomId);
        if (!live) return { success: false, error: ROOM_MOVED } satisfies Reply;
        this.owned.audience.set(body.roomId, body.node, body.count);
        return { success: true, view: this.watchedRoom(body.roomId) };
      }
    }
  }

  /** What another node tells every node. */
  private heard(notice: NodeNotice): void {
    switch (notice.type) {
      case 'unseat':
        return this.seats.unseatHere(notice.playerId, notice.code, notice.except);
      case 'owner':
        this.owners.set(notice.roomId, notice.owner);
        return this.bringBack([notice.roomId]);
      case 'released':
        void this.owned.maintain();
        return;
      case 'spectators':
        if (this.owned.get(notice.roomId)) this.owned.audience.set(notice.roomId, notice.node, notice.count);
    }
  }

  /**
   * Rooms that changed hands start with everyone away: this node's sockets seated in them are
   * still connected, so they come back (to the new owner) at once.
   */
  private bringBack(roomIds: string[]): void {
    // The new owner counts nobody yet: this node's spectators of those rooms are told to it again.
    this.watchers.reportAll(roomIds);
    for (const { roomId, playerId, socketId } of this.seats.inRooms(new Set(roomIds))) {
      this.route(roomId, { type: 'back', playerId }, socketId).catch((error: unknown) => logFailure('bringing a player back into a room that changed hands', error));
    }
  }

  /** As the room's owner: the whole room for a new spectator, as it is now. */
  private watchedRoom(roomId: string): Wire<WatchedRoom> | undefined {
    const live = this.owned.get(roomId);
    return live ? watchedRoom(live.state, this.owned.audience.total(roomId), this.owned.clock.now()) : undefined;
  }

  /** A player who just came in (joined, or back after a reload) hears how many watch, if any do. */
  private tellSeated(roomId: string, socketId: string): void {
    const count = this.owned.audience.total(roomId);
    const code = this.owned.get(roomId)?.state.code;
    if (count > 0 && code) this.io.to(socketId).emit('room:spectators', { code, count });
  }
}

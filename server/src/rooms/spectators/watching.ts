/**
 * Spectators on this node, for the game server: a watching socket joins the room's
 * socket.io room and holds no seat; this node counts its own watchers of each room (Watchers)
 * and, for the rooms it owns, adds up every node's counts and tells the room (Audience).
 */
import { SERVER_ERRORS as E, type WatchedRoom, type Wire } from '../../../../src/protocol';
import type { OwnedRooms } from '../nodes/owned-rooms';
import type { RoomRouter } from '../nodes/router';
import { Audience, Watchers, watchedRoom } from './counts';
import type { Ack, GameIo, GameSocket } from '../edge/transport';

export class Spectating {
  private readonly watchers: Watchers;
  private readonly audience: Audience;

  constructor(
    private readonly io: GameIo,
    private readonly owned: OwnedRooms,
    private readonly router: RoomRouter,
    multiNode: boolean,
  ) {
    this.audience = new Audience(owned.leases.nodeId, (roomId, count) => this.tell(roomId, count), multiNode);
    this.watchers = new Watchers((roomId, count) => this.report(roomId, count), multiNode);
  }

  /**
   * The socket watches the room: it joins the room's socket.io room first, so that nothing sent
   * after the view it is given is missed, then gets the whole room from its owner (on any node).
   */
  async watch(socket: GameSocket, code: string): Promise<Ack> {
    const roomId = this.owned.byCode.get(code) ?? (await this.owned.leases.ownerOf({ code }))?.roomId;
    if (!roomId) return { success: false, error: E.roomNotFound };
    // Gone while the room was looked up: its drop has been handled, it must not be counted now.
    if (!socket.connected) return { success: false, error: E.notInRoom };
    // From here to the count, nothing waits: two watches of one socket at once cannot both count it.
    this.stop(socket);
    socket.data.watching = { roomId, code };
    const count = this.watchers.add(roomId, socket.id);
    await socket.join(code);
    const view = await this.router.watch(roomId, count);
    if (!view) {
      if (socket.data.watching?.roomId === roomId) this.stop(socket);
      return { success: false, error: E.roomNotFound };
    }
    return { success: true, ...view };
  }

  /** The socket no longer watches (it asked, or it is gone). */
  stop(socket: GameSocket): void {
    const watching = socket.data.watching;
    if (!watching) return;
    socket.data.watching = undefined;
    this.watchers.remove(watching.roomId, socket.id);
    void socket.leave(watching.code);
  }

  /** As the room's owner: the whole room for a new spectator, as it is now. */
  view(roomId: string): Wire<WatchedRoom> | undefined {
    const live = this.owned.get(roomId);
    return live ? watchedRoom(live.state, this.audience.total(roomId), this.owned.clock.now()) : undefined;
  }

  /** As the room's owner: another node's count of the room's spectators. */
  heard(roomId: string, node: string, count: number): void {
    this.audience.set(roomId, node, count);
  }

  /** Whether sockets of another node watch the room (its events then go through the adapter). */
  elsewhere(roomId: string): boolean {
    return this.audience.elsewhere(roomId);
  }

  /** Rooms that changed hands: their new owner counts nobody yet, so this node's counts go to it again. */
  reportAgain(roomIds: string[]): void {
    this.watchers.reportAll(roomIds);
  }

  /** Shutting down: this node's spectators count no more. */
  leaving(): void {
    this.watchers.stop();
  }

  /** A player who just came in (joined, or back after a reload) hears how many watch, if any do. */
  tellSeated(roomId: string, socketId: string): void {
    const count = this.audience.total(roomId);
    const code = this.owned.get(roomId)?.state.code;
    if (count > 0 && code) this.io.to(socketId).emit('room:spectators', { code, count });
  }

  close(): void {
    this.watchers.close();
    this.audience.close();
  }

  /** This node's count of a room's spectators, to the room's owner: this node or, through the adapter, another. */
  private report(roomId: string, count: number): void {
    if (this.owned.get(roomId)) this.audience.set(roomId, this.owned.leases.nodeId, count);
    else this.router.cluster.notify({ type: 'spectators', roomId, node: this.owned.leases.nodeId, count });
  }

  /** The owner tells the room's sockets, players and spectators on every node, how many watch. */
  private tell(roomId: string, count: number): void {
    const code = this.owned.get(roomId)?.state.code;
    if (code) this.io.to(code).emit('room:spectators', { code, count });
  }
}

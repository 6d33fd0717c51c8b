/**
 * Spectators on this node, for the game server: a watching socket joins the room's
 * socket.io room and holds no seat; this node counts its own watchers of each room (Watchers) and
 * tells each room's owner its count. The owner adds up every node's counts and tells the room
 * (its Audience, nodes/owned-rooms.ts).
 */
import { SERVER_ERRORS as E } from '../../../../src/protocol';
import type { Cluster } from '../nodes/node-messages';
import type { OwnedRooms } from '../nodes/owned-rooms';
import type { RoomRouter } from '../nodes/router';
import { Watchers } from './counts';
import type { Ack, GameSocket } from '../edge/transport';

/** This node's watchers, whose counts go to each room's owner: this node or, through the adapter, another. */
export function nodeWatchers(owned: OwnedRooms, cluster: Cluster, multiNode: boolean): Watchers {
  const node = owned.leases.nodeId;
  return new Watchers((roomId, count) => {
    if (owned.get(roomId)) owned.audience.set(roomId, node, count);
    else cluster.notify({ type: 'spectators', roomId, node, count });
  }, multiNode);
}

export class Spectating {
  constructor(
    private readonly owned: OwnedRooms,
    private readonly router: RoomRouter,
    private readonly watchers: Watchers,
  ) {}

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

  /** Shutting down: this node's spectators count no more. */
  leaving(): void {
    this.watchers.stop();
  }

  close(): void {
    this.watchers.close();
  }
}

/**
 * Which of this node's sockets sits in which seat (the game server's only state that is not the
 * game). A seat is held by the socket that last entered it: an older socket of the same player is
 * unseated, here or, through the other nodes, wherever it is.
 */
import { SERVER_ERRORS as E } from '../../../../src/protocol';
import type { NodeNotice } from '../nodes/node-messages';
import { playerRoom } from '../nodes/owned-rooms';
import type { SeatHeld } from '../nodes/router';
import type { GameSocket } from './transport';

/**
 * A spectator holds no seat and takes none: every command of a watching socket that would play,
 * enter a room or look for an opponent gets this refusal (undefined: the socket is not watching).
 */
export function spectatorRefusal(socket: GameSocket): { success: false; error: string } | undefined {
  return socket.data.watching ? { success: false, error: E.spectatorsCannotPlay } : undefined;
}

export class Seats {
  private readonly seated = new Map<string, GameSocket>(); // player id → this node's socket in that seat

  constructor(private readonly nodes: { notify(notice: NodeNotice): void }) {}

  /** This node's socket in the player's seat, if any. */
  holder(playerId: string): GameSocket | undefined {
    return this.seated.get(playerId);
  }

  /** The socket's room and player, or the error to acknowledge. */
  of(socket: GameSocket): { roomId: string; playerId: string } | { error: string } {
    const { roomId, playerId } = socket.data;
    const watching = spectatorRefusal(socket);
    if (watching) return { error: watching.error };
    if (!roomId || !playerId || this.seated.get(playerId) !== socket) return { error: E.notInRoom };
    return { roomId, playerId };
  }

  sit(socket: GameSocket, roomId: string, code: string, playerId: string, token: string): void {
    this.seated.set(playerId, socket);
    socket.data.roomId = roomId;
    socket.data.playerId = playerId;
    socket.data.seatToken = token;
    void socket.join([code, playerRoom(playerId)]);
  }

  /** A player who left (or was taken out): their socket leaves the room. */
  unseat(playerId: string, code: string | undefined): void {
    const socket = this.seated.get(playerId);
    this.seated.delete(playerId);
    if (!socket || socket.data.playerId !== playerId) return;
    socket.data.roomId = undefined;
    socket.data.playerId = undefined;
    socket.data.seatToken = undefined;
    if (code) void socket.leave(code);
    void socket.leave(playerRoom(playerId));
  }

  /** The socket dropped: the seat is kept for the grace period, but no socket of this node holds it. */
  dropped(playerId: string): void {
    this.seated.delete(playerId);
  }

  /** This node's socket in the seat, unless it is `except`, no longer holds it. */
  unseatHere(playerId: string, code: string, except?: string): void {
    const socket = this.seated.get(playerId);
    if (socket && socket.id !== except) this.unseat(playerId, code);
  }

  /** The seat is no longer held by any socket but `except`, on any node. */
  unseatEverywhere(playerId: string, code: string, except?: string): void {
    this.unseatHere(playerId, code, except);
    this.nodes.notify({ type: 'unseat', playerId, code, except });
  }

  /** This node's seated players in those rooms, and their sockets. */
  *inRooms(roomIds: ReadonlySet<string>): Iterable<SeatHeld> {
    for (const [playerId, socket] of this.seated) {
      const roomId = socket.data.roomId;
      if (roomId && roomIds.has(roomId)) yield { roomId, playerId, socketId: socket.id };
    }
  }

  clear(): void {
    this.seated.clear();
  }
}

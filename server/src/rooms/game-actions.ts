/**
 * What players do during a game: moves, undo requests and answers, forfeits; and after it, rematches. The state
 * changes are the pure rules of src/game/game.ts over the real engine.
 */
import type { PlayerIndex } from '../../../src/engine';
import { placeCell, undo } from '../../../src/game/game';
import type { FinishReason } from '../../../src/protocol';
import { SERVER_ERRORS as E } from '../../../src/protocol';
import type { GameServer, GameSocket, Reply } from './game-server';
import { boardIsFull, gameSettings, gameView, newId, otherPlayer, playerView, roomView, startRefusal, type Room } from './room';

export class GameActions {
  constructor(private readonly server: GameServer) {}

  private playing(socket: GameSocket): { room: Room; index: PlayerIndex } | { error: string } {
    const seat = this.server.seat(socket);
    if ('error' in seat) return seat;
    if (seat.room.status !== 'playing' || !seat.room.game) return { error: E.notPlaying };
    const index = seat.index;
    if (index !== 0 && index !== 1) return { error: E.notPlaying };
    return { room: seat.room, index };
  }

  move(socket: GameSocket, row: number, col: number): Reply {
    const seat = this.playing(socket);
    if ('error' in seat) return { success: false, error: seat.error };
    const { room, index } = seat;
    const game = room.game;
    if (!game) return { success: false, error: E.notPlaying };
    if (game.currentPlayer !== index) return { success: false, error: E.notYourTurn };
    if (room.pendingUndo) return { success: false, error: E.undoPending };
    const { gridWidth, gridHeight } = game.boardState;
    if (row < 0 || col < 0 || row >= gridHeight || col >= gridWidth) return { success: false, error: E.offGrid };
    const placed = placeCell(game, { gridX: col, gridY: row }, this.server.opts.engine);
    if (!placed.ok) return { success: false, error: placed.reason === 'occupied' ? E.occupied : placed.reason === 'off-grid' ? E.offGrid : E.notPlaying };
    room.game = placed.state;
    const move = { row, col, player: index };
    room.moves.push(move);
    const gameState = gameView(room);
    this.server.emit(room, 'game:moveMade', { gameState, move });
    // The statechart hears only of the move that ends the game: a step of it on every move was
    // 3.5 % of the server's CPU at full bench:rooms load, for nothing.
    if (boardIsFull(room)) this.server.send(room, { type: 'board.filled' });
    return { success: true, gameState };
  }

  /**
   * SPEC §5: only on your own turn, one pending at a time. The requester (whose turn it is)
   * takes back their own last move; the opponent's reply after it goes too, so the turn
   * comes back to the requester. Needs a move of the requester's on the board.
   */
  requestUndo(socket: GameSocket): Reply {
    const seat = this.playing(socket);
    if ('error' in seat) return { success: false, error: seat.error };
    const { room, index } = seat;
    if (room.game?.currentPlayer !== index) return { success: false, error: E.notYourTurn };
    if (room.pendingUndo) return { success: false, error: E.undoPending };
    if (room.moves.length < 2) return { success: false, error: E.undoNotAllowed };
    const requestId = newId();
    room.pendingUndo = { requestId, requestedBy: index };
    const playerId = room.players[index]?.id ?? '';
    this.server.emit(room, 'game:undoRequested', { requestId, requestedBy: index, playerId });
    return { success: true, requestId };
  }

  respondUndo(socket: GameSocket, requestId: string, approved: boolean): Reply {
    const seat = this.playing(socket);
    if ('error' in seat) return { success: false, error: seat.error };
    const { room, index } = seat;
    const pending = room.pendingUndo;
    if (!pending || pending.requestId !== requestId) return { success: false, error: E.noSuchUndo };
    if (pending.requestedBy === index) return { success: false, error: E.cannotRespondOwnUndo };
    room.pendingUndo = null;
    if (!approved) {
      this.server.emit(room, 'game:undoRejected', { requestId });
      return { success: true };
    }
    const settings = gameSettings(room);
    let game = room.game;
    if (!game) return { success: false, error: E.notPlaying };
    for (let i = 0; i < 2; i++) {
      game = undo(game, settings);
      room.moves.pop();
    }
    room.game = game;
    this.server.emit(room, 'game:undoApproved', { requestId, gameState: gameView(room) });
    return { success: true };
  }

  forfeit(socket: GameSocket): Reply {
    const seat = this.playing(socket);
    if ('error' in seat) return { success: false, error: seat.error };
    this.forfeitBy(seat.room, seat.index, 'forfeit');
    return { success: true };
  }

  /** The other player wins: the statechart announces the forfeit, then the result. */
  forfeitBy(room: Room, index: PlayerIndex, reason: Extract<FinishReason, 'forfeit' | 'abandoned'>): void {
    this.server.send(room, { type: 'forfeit', index, reason });
  }

  /** game:forfeited, before game:finished. */
  announceForfeit(room: Room, index: PlayerIndex, reason: Extract<FinishReason, 'forfeit' | 'abandoned'>): void {
    const player = room.players[index];
    this.server.emit(room, 'game:forfeited', {
      forfeitingPlayer: { id: player?.id ?? '', username: player?.username ?? '', index },
      winner: otherPlayer(index),
      reason,
    });
  }

  /**
   * Ready for another game after a finished one. The first request takes the room back to
   * waiting (the statechart swaps the seats); once both have asked, the countdown starts, as an
   * accepted rematch does on lichess. Both players must still be in the room.
   */
  rematch(socket: GameSocket): Reply {
    const seat = this.server.seat(socket);
    if ('error' in seat) return { success: false, error: seat.error };
    const { room, player } = seat;
    const afterAGame = room.status === 'finished' || (room.status === 'waiting' && room.game !== null);
    if (!afterAGame) return { success: false, error: room.status === 'waiting' ? E.noRematch : E.roomNotWaiting };
    if (room.players.length < room.settings.maxPlayers) return { success: false, error: E.opponentLeft };
    this.server.send(room, { type: 'rematch', playerId: player.id });
    player.ready = true;
    this.server.emit(room, 'room:playerReady', { playerId: player.id, ready: true, players: room.players.map(playerView), room: roomView(room) });
    if (startRefusal(room, room.hostId) === undefined) this.server.send(room, { type: 'start', playerId: room.hostId });
    return { success: true, room: roomView(room, player.id) };
  }
}

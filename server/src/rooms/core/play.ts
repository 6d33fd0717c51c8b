/**
 * The room reducer's rules during a game (reducer.ts): moves, undo requests and their answers,
 * forfeits, claiming victory, and the end of a game (aborted before both players have moved).
 */
import type { PlayerIndex } from '../../../../src/engine';
import { placeCell } from '../../../../src/game/game';
import type { Scores } from '../../../../src/engine';
import { RATED_MIN_MOVES, SERVER_ERRORS as E, otherPlayer, undoRefusal, winnerOf, type FinishReason, type GameStateView, type Wire } from '../../../../src/protocol';
import type { Command } from './commands';
import { gameOfMoves, gameView, mirrorRuleOf, roomRules, roomView, scoresText, seatIndex, type Clock, type RoomConfig, type RoomState, type Winner } from './state';
import { current, emit, set, type Draft, type Reply } from './step';

/** The text a player sees for each refusal of the engine. */
const MOVE_ERRORS: Partial<Record<string, string>> = { occupied: E.occupied, 'off-grid': E.offGrid, mirroring: E.mirroring };

type GameCommand = Extract<Command, { type: 'move' | 'requestUndo' | 'respondUndo' | 'withdrawUndo' | 'forfeit' | 'claimVictory' }>;

export function play(draft: Draft, room: RoomState, command: GameCommand, now: number, config: RoomConfig): Reply {
  const index = seatIndex(room, command.playerId);
  const game = room.game;
  if (room.status !== 'playing' || !game || index === undefined) return { success: false, error: E.notPlaying };
  switch (command.type) {
    case 'move': {
      if (game.currentPlayer !== index) return { success: false, error: E.notYourTurn };
      if (room.pendingUndo) return { success: false, error: E.undoPending };
      const { gridWidth, gridHeight } = game.boardState;
      const { row, col } = command;
      if (row < 0 || col < 0 || row >= gridHeight || col >= gridWidth) return { success: false, error: E.offGrid };
      // The room's "No mirroring" (on in every rated room): a refused move stores nothing and the turn stays.
      const placed = placeCell(game, { gridX: col, gridY: row }, roomRules(config.rules, room), false);
      if (!placed.ok) return { success: false, error: MOVE_ERRORS[placed.reason] ?? E.notPlaying };
      const move = { row, col, player: index };
      const moved: [boolean, boolean] = index === 0 ? [true, room.moved[1]] : [room.moved[0], true];
      const clock = room.clock && clockAfterMove(room.clock, index, moved, now);
      const next = set(draft, { ...room, game: placed.state, moves: [...room.moves, move], moved, clock, turnSince: now, claimableBy: null });
      const gameState = gameView(next, now) as Wire<GameStateView>;
      emit(draft, { event: 'game:moveMade', payload: { gameState, move } });
      if (placed.state.progress === 'over') finish(draft, winnerOf(placed.state.scores), 'board-full', null, now, config);
      return { success: true, gameState };
    }
    case 'requestUndo': {
      const refusal = undoRefusal({ currentPlayer: game.currentPlayer, moveCount: room.moves.length, pendingUndo: room.pendingUndo, undoRequestsLeft: room.undoRequestsLeft }, index);
      if (refusal) return { success: false, error: refusal };
      const left: [number, number] = [...room.undoRequestsLeft];
      left[index] -= 1;
      const { requestId } = command;
      set(draft, { ...room, pendingUndo: { requestId, requestedBy: index, lapsesAt: now + config.undoLapseMs }, undoRequestsLeft: left });
      emit(draft, { event: 'game:undoRequested', payload: { requestId, requestedBy: index, playerId: command.playerId } });
      return { success: true, requestId };
    }
    case 'respondUndo': {
      const pending = room.pendingUndo;
      if (!pending || pending.requestId !== command.requestId) return { success: false, error: E.noSuchUndo };
      if (pending.requestedBy === index) return { success: false, error: E.cannotRespondOwnUndo };
      if (!command.approved) {
        set(draft, { ...room, pendingUndo: null, turnSince: now, claimableBy: null });
        emit(draft, { event: 'game:undoRejected', payload: { requestId: pending.requestId } });
        return { success: true };
      }
      // The requester's last move and the opponent's reply after it: the turn comes back to them.
      const moves = room.moves.slice(0, -2);
      const next = set(draft, { ...room, game: gameOfMoves(room.settings, moves, config.rules, game.gameId), moves, pendingUndo: null, turnSince: now, claimableBy: null });
      emit(draft, { event: 'game:undoApproved', payload: { requestId: pending.requestId, gameState: gameView(next, now) as Wire<GameStateView> } });
      return { success: true };
    }
    case 'withdrawUndo': {
      const pending = room.pendingUndo;
      if (!pending) return { success: false, error: E.noSuchUndo };
      if (pending.requestedBy !== index) return { success: false, error: E.notYourUndo };
      set(draft, { ...room, pendingUndo: null, turnSince: now, claimableBy: null });
      emit(draft, { event: 'game:undoWithdrawn', payload: { requestId: pending.requestId } });
      return { success: true };
    }
    case 'forfeit':
      finish(draft, otherPlayer(index), 'forfeit', index, now, config);
      return { success: true };
    case 'claimVictory':
      if (room.claimableBy !== index) return { success: false, error: E.cannotClaim };
      finish(draft, index, 'claimed', otherPlayer(index), now, config);
      return { success: true };
  }
}

/**
 * The game is over: `loser` forfeited, abandoned or was idle (null for a full board). A game that
 * ends before both players have moved is aborted: no winner, not rated (lichess's rule), so no
 * rating can be gained from a game nobody played. A decided game is rated when the room is rated,
 * two accounts play, and it filled the board or each player made RATED_MIN_MOVES moves; the
 * result says why it was not (`unrated`), and the rating write may still find the pair's daily
 * games used up (store/rated-results.ts).
 */
export function finish(draft: Draft, winner: Winner, reason: FinishReason, loser: PlayerIndex | null, at: number, config: RoomConfig): void {
  const room = current(draft);
  const aborted = reason === 'aborted' || (reason !== 'board-full' && !bothMoved(room));
  const result = aborted ? { winner: null, reason: 'aborted' as const } : { winner, reason };
  const next = set(draft, {
    ...room,
    status: 'finished',
    clock: room.clock && room.game ? stopClock(room.clock, room.game.currentPlayer, at) : room.clock,
    pendingUndo: null,
    claimableBy: null,
    turnSince: null,
    result,
    expiresAt: at + config.finishedTtlMs,
  });
  const scores: Scores = room.game ? [room.game.scores[0], room.game.scores[1]] : [0n, 0n];
  const [player1Id, player2Id] = next.members.map((m) => m.userId);
  // A casual game never changes ratings (a room logged before the choice existed is rated).
  const rateable = room.settings.rated !== false && result.winner !== null && player1Id && player2Id && player1Id !== player2Id;
  const unrated = rateable && reason !== 'board-full' && !playedEnough(room) ? ('too-few-moves' as const) : undefined;
  if (rateable && !unrated && result.winner !== null) {
    draft.rate = {
      player1Id, player2Id, scores, winner: result.winner, scoringMechanism: room.settings.scoringMechanism, boardSize: room.settings.boardSize, mirrorRule: mirrorRuleOf(room),
      moves: room.moves,
    };
  }
  const why = unrated ? { unrated } : {};
  if (!aborted && loser !== null && (result.reason === 'forfeit' || result.reason === 'abandoned')) {
    const member = next.members[loser];
    emit(draft, {
      event: 'game:forfeited',
      payload: { forfeitingPlayer: { id: member?.id ?? '', username: member?.username ?? '', index: loser }, winner: otherPlayer(loser), reason: result.reason, ...why },
    });
  }
  const gameState = gameView(next, at);
  if (gameState) emit(draft, { event: 'game:finished', payload: { winner: result.winner, scores: scoresText(scores), reason: result.reason, gameState, room: roomView(next), ...why } });
}

/**
 * The clocks after player `index` moved at `now`: their time used is taken off and the increment
 * added (once their clock runs); the opponent's clock runs if they have moved before.
 */
function clockAfterMove(clock: Clock, index: PlayerIndex, moved: [boolean, boolean], now: number): Clock {
  const remainingMs: [number, number] = [...clock.remainingMs];
  if (clock.runningSince !== null) remainingMs[index] = Math.max(0, remainingMs[index] - (now - clock.runningSince)) + clock.incrementMs;
  return { ...clock, remainingMs, runningSince: moved[otherPlayer(index)] ? now : null };
}

/** The clocks at the end of a game: the running one stops where it was. */
function stopClock(clock: Clock, current: PlayerIndex, at: number): Clock {
  if (clock.runningSince === null) return clock;
  const remainingMs: [number, number] = [...clock.remainingMs];
  remainingMs[current] = Math.max(0, remainingMs[current] - (at - clock.runningSince));
  return { ...clock, remainingMs, runningSince: null };
}

/** Whether both players have moved in this game (an undo does not make it unplayed). */
export const bothMoved = (room: RoomState): boolean => room.moved[0] && room.moved[1];

/** Whether each player has RATED_MIN_MOVES moves on the board (moves taken back by an undo do not count). */
export function playedEnough(room: RoomState): boolean {
  const made: [number, number] = [0, 0];
  for (const move of room.moves) made[move.player] += 1;
  return made[0] >= RATED_MIN_MOVES && made[1] >= RATED_MIN_MOVES;
}

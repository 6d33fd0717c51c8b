/**
 * The online room's rules as pure functions (SPEC §3, §4, §8): what the room statechart
 * (./room.machine) decides with its context (./room.context).
 */
import type { PlayerIndex } from '../engine';
import {
  IDLE_CLAIM_MS,
  RATED_GAMES_PER_PAIR_PER_DAY,
  RATED_MIN_MOVES,
  type Answered,
  type EnteredRoom,
  type FinishReason,
  type ForfeitedPayload,
  type GameFinishedPayload,
  type GameStateView,
  type PendingUndoView,
  type RoomStatus,
  type RoomView,
  type UnratedReason,
} from '../protocol/messages';
import { otherPlayer, seatName, seatOf, startRefusal, undoRefusal, winnerOf } from '../protocol/rules';
import { disconnectedMessage, type CurrentRoom, type Finish, type RoomContext, type RoomEvent, type RoomNotice } from './room.context';

/** The local player's index in the players list (= its player index in the game), or null. */
export function localIndex(context: RoomContext): PlayerIndex | null {
  const index = context.players.findIndex((p) => p.id === context.localPlayerId);
  return index === 0 || index === 1 ? index : null;
}

/**
 * SPEC §4 with the shared start rule (src/protocol/rules.ts startRefusal): the local player is
 * the host, the room is full, everyone is ready and present (an away player blocks the start), waiting.
 */
export function canStart({ currentRoom, hostId, players, roomSettings, localPlayerId }: RoomContext): boolean {
  if (currentRoom === null || hostId === null || localPlayerId === null) return false;
  return startRefusal({ hostId, status: currentRoom.status, players, settings: roomSettings }, localPlayerId) === undefined;
}

/**
 * The local player's seat in the game under way (or last played): from the game's own seats, so
 * it does not move when someone leaves; before any game, the index in the players list.
 */
export function localSeat(context: RoomContext): PlayerIndex | null {
  if (context.gameState) return seatOf(context.gameState, context.localPlayerId) ?? null;
  return localIndex(context);
}

/** SPEC §4: it is the local player's turn (by their seat in the game). */
export function isLocalTurn(context: RoomContext): boolean {
  const seat = localSeat(context);
  return seat !== null && context.gameState !== null && context.gameState.currentPlayer === seat;
}

/** The game is under way: the room plays and the board is not full. */
export const inPlay = (context: RoomContext): boolean => context.currentRoom?.status === 'playing' && context.gameState?.progress === 'playing';

/**
 * Where a rematch stands once a game has ended on a full board (after a forfeit both players
 * have left): `none` before that; `open` to ask; `asked` by us, waiting for the opponent;
 * `offered` by the opponent; `opponent-left` when there is nobody to play again.
 */
export type Rematch = 'none' | 'open' | 'asked' | 'offered' | 'opponent-left';

export function rematchOf(context: RoomContext): Rematch {
  const status = context.currentRoom?.status;
  // Over on a full board, or ended otherwise (a forfeit, a flag, a claim): the server's finish.
  const over = context.gameState?.progress === 'over' || (context.gameState !== null && context.finish !== null);
  const ended = over && (status === 'finished' || status === 'waiting' || status === 'starting');
  if (!ended) return 'none';
  if (context.players.length < context.roomSettings.maxPlayers) return 'opponent-left';
  if (status === 'starting') return 'asked'; // both asked: the next game is counting down
  const me = localIndex(context);
  if (status === 'waiting' && me !== null && context.players[me]?.ready) return 'asked';
  if (status === 'waiting' && context.players.some((p) => p.ready && p.id !== context.localPlayerId)) return 'offered';
  return 'open';
}

/**
 * Why the local player may not ask for an undo now, or undefined when they may (SPEC §5, issue
 * 11's shared rule undoRefusal): their turn, a move of theirs to take back, none pending, requests left.
 */
export function undoRefusalOf(context: RoomContext): string | undefined {
  const seat = localSeat(context);
  const game = context.gameState;
  if (!inPlay(context) || game === null || seat === null) return 'No game in progress';
  return undoRefusal(
    { currentPlayer: game.currentPlayer, moveCount: game.moveCount, pendingUndo: context.pendingUndoRequest, undoRequestsLeft: context.undoRequestsLeft },
    seat,
  );
}

export const canRequestUndo = (context: RoomContext): boolean => undoRefusalOf(context) === undefined;

/** The local player's own undo request, still unanswered (they may withdraw it). */
export function ownUndo(context: RoomContext): PendingUndoView | null {
  const pending = context.pendingUndoRequest;
  const seat = localSeat(context);
  return pending && seat !== null && pending.requestedBy === seat ? pending : null;
}

/** Undo requests the local player has left in this game. */
export function undoRequestsLeftOf(context: RoomContext): number {
  const seat = localSeat(context);
  return seat === null ? 0 : context.undoRequestsLeft[seat];
}

/** 'No undo requests left', '1 undo request left', '2 undo requests left'. */
export function undoLeftText(left: number): string {
  if (left <= 0) return 'No undo requests left';
  return left === 1 ? '1 undo request left' : `${left} undo requests left`;
}

/** The local player may claim victory: the game is under way and their opponent, to move, is idle. */
export function canClaimVictory(context: RoomContext): boolean {
  const seat = localSeat(context);
  return inPlay(context) && seat !== null && context.claimableBy === seat;
}

/** '<name> has not moved for 2 minutes', about the claimant's idle opponent. */
export function idleText(game: Pick<GameStateView, 'seats'>, claimant: PlayerIndex): string {
  const minutes = Math.round(IDLE_CLAIM_MS / 60_000);
  return `${seatName(game, otherPlayer(claimant))} has not moved for ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A new undo request (the requester's acknowledgement or the broadcast game:undoRequested, which
 * the requester may hear too): pending, and one request fewer left for its player. The same
 * request heard twice counts once; the next room view is authoritative anyway.
 */
export function undoRequested(context: RoomContext, request: PendingUndoView): Partial<RoomContext> {
  if (context.pendingUndoRequest?.requestId === request.requestId) return {};
  const left: [number, number] = [...context.undoRequestsLeft];
  left[request.requestedBy] = Math.max(0, left[request.requestedBy] - 1);
  return { pendingUndoRequest: request, undoRequestsLeft: left };
}

/** The opponent's undo request this player must answer, if any. */
export function incomingUndo(context: RoomContext): PendingUndoView | null {
  const pending = context.pendingUndoRequest;
  const seat = localSeat(context);
  return pending && seat !== null && pending.requestedBy !== seat ? pending : null;
}

/** SPEC §4 "Multiplayer game events": the finish alert from the local player's point of view. */
export function finishMessage(winner: PlayerIndex | 'draw', local: PlayerIndex | null): string {
  if (winner === 'draw') return 'Game ended in a draw!';
  return winner === local ? 'You won!' : 'You lost!';
}

const FINISH_CAUSE: Partial<Record<FinishReason, string>> = {
  forfeit: 'opponent forfeited',
  abandoned: 'opponent left',
  claimed: 'opponent idle',
};

/**
 * The game-over line under the turn indicator, names from the game's seats (they stay when a
 * player leaves): 'Game aborted'; '<name> wins: opponent idle' (or forfeited, left); '<name> wins on
 * time'; '<name> wins!';
 * 'Draw!'. Without a heard finish (after a rejoin) a full board's result comes from the scores.
 */
export function resultText(game: GameStateView, finish: Pick<Finish, 'winner' | 'reason'> | null): string | null {
  if (finish?.reason === 'aborted' || (finish && finish.winner === null)) return 'Game aborted';
  const winner = finish ? finish.winner : game.progress === 'over' ? winnerOf(game.scores) : null;
  if (winner === null) return null;
  if (winner === 'draw') return 'Draw!';
  if (finish?.reason === 'timeout') return `${seatName(game, winner)} wins on time`;
  const cause = finish ? FINISH_CAUSE[finish.reason] : undefined;
  return cause ? `${seatName(game, winner)} wins: ${cause}` : `${seatName(game, winner)} wins!`;
}

/**
 * Why a game that would have been rated changed no rating, in plain words: 'Not rated: the game
 * ended before each player had made 5 moves', or '… you have already played a rated game against
 * this opponent in the last 24 hours'.
 */
export function unratedText(reason: UnratedReason): string {
  if (reason === 'too-few-moves') return `Not rated: the game ended before each player had made ${RATED_MIN_MOVES} moves`;
  const games = RATED_GAMES_PER_PAIR_PER_DAY === 1 ? 'a rated game' : `${RATED_GAMES_PER_PAIR_PER_DAY} rated games`;
  return `Not rated: you have already played ${games} against this opponent in the last 24 hours`;
}

/** The alert of a forfeit, to both players: who forfeited, and why a rated room's game was not rated. */
export function forfeitNotice({ forfeitingPlayer, unrated }: ForfeitedPayload): RoomNotice {
  return { type: 'notice', message: `${forfeitingPlayer.username} forfeited the game!`, ...(unrated ? { detail: unratedText(unrated) } : {}), backToLobby: true };
}

/** The game's end as context fields: the room and the final state, who won, why, and the ratings or why there were none. */
export function finished(context: RoomContext, payload: GameFinishedPayload): Partial<RoomContext> {
  return {
    ...fromRoom(payload.room, context.localPlayerId),
    gameState: payload.gameState,
    currentRoom: withStatus(context.currentRoom, 'finished'),
    finish: { winner: payload.winner, reason: payload.reason, ratings: payload.ratings ?? null, unrated: payload.unrated ?? null },
    pendingUndoRequest: null,
    claimableBy: null,
  };
}

/** A room view as context fields; the host flag is the local player's, whoever sent it. */
export function fromRoom(room: RoomView, localPlayerId: string | null): Partial<RoomContext> {
  return {
    currentRoom: { code: room.code, status: room.status, isHost: room.hostId === localPlayerId, quickPlay: room.quickPlay },
    hostId: room.hostId,
    players: room.players,
    roomSettings: { ...room.settings },
    pendingUndoRequest: room.pendingUndo,
    undoRequestsLeft: [room.undoRequestsLeft[0], room.undoRequestsLeft[1]],
    claimableBy: room.claimableBy,
  };
}

/**
 * A quick-play room whose paired opponent never came: the server took them out, and the page
 * looks for another opponent at once, with the same settings (the server kept its waiting time).
 */
export const NO_SHOW = 'Your opponent did not arrive: looking for another one…';

/**
 * When this update ends our quick-play pairing (pairingEnded), playing online again as before it:
 * the local player's name and the room's settings; else null.
 */
export function lookAgain(context: RoomContext, room: RoomView): Extract<RoomEvent, { type: 'pool.join' }> | null {
  const me = pairingEnded(context, room) ? room.players.find((p) => p.id === context.localPlayerId) : undefined;
  if (!me) return null;
  return { type: 'pool.join', username: me.username, boardSize: room.settings.boardSize, timeControl: room.settings.timeControl };
}

/** Whether this update ends our quick-play pairing before its first game (the opponent never came). */
export function pairingEnded(context: RoomContext, room: RoomView): boolean {
  return context.currentRoom?.code === room.code && context.currentRoom.quickPlay && !room.quickPlay && context.gameState === null;
}

/**
 * A change in the room the server broadcast (players, readiness, host, connections): its view
 * replaces ours. The countdown shows only while starting: a player who withdrew readiness,
 * left or dropped stopped it. An update about another room (after leaving it) is ignored.
 */
export function roomUpdate(context: RoomContext, room: RoomView): Partial<RoomContext> {
  if (context.currentRoom?.code !== room.code) return {};
  return { ...fromRoom(room, context.localPlayerId), ...(room.status === 'starting' ? {} : { gameCountdown: null }) };
}

/** Marks a player away until their grace period ends, or (graceMs undefined) back. */
export function away(awayUntil: Record<string, number>, playerId: string, graceMs: number | undefined, now: number): Record<string, number> {
  const { [playerId]: _back, ...others } = awayUntil;
  return graceMs === undefined ? others : { ...others, [playerId]: now + graceMs };
}

/** Whole seconds left until `until` (never below 0), as a countdown shows them. */
export const secondsLeft = (until: number, now: number): number => Math.max(0, Math.ceil((until - now) / 1000));

export function entered({ room, playerId, rejoinToken, gameState }: EnteredRoom): Partial<RoomContext> {
  return {
    ...fromRoom(room, playerId),
    localPlayerId: playerId,
    rejoinToken,
    gameState,
    moveRefusal: null,
    finish: null,
    gameCountdown: null,
    connectionError: null,
    awayUntil: {},
  };
}

export const withStatus = (room: CurrentRoom | null, status: RoomStatus) => (room ? { ...room, status } : null);

/** The server's error text from a refused acknowledgement or a thrown error, else the fallback. */
export function failureText(outcome: unknown, fallback: string): string {
  const error = typeof outcome === 'object' && outcome !== null && 'error' in outcome ? outcome.error : null;
  return typeof error === 'string' && error ? error : fallback;
}

/**
 * SPEC §4: a disconnect clears room, players and local id; the rejoin token stays. During an
 * announced restart the notice says it all.
 */
export function disconnected(context: RoomContext, reason: string): Partial<RoomContext> {
  return {
    isConnected: false,
    connectionError: context.serverRestarting ? null : disconnectedMessage(reason),
    currentRoom: null,
    hostId: null,
    players: [],
    localPlayerId: null,
    // The server took a dropped socket out of the pool.
    pool: null,
  };
}

/** What an acknowledgement changes, by the event it answers (a refusal changes nothing here). */
export function applyAck(context: RoomContext, answered: Answered): Partial<RoomContext> {
  switch (answered.event) {
    case 'pool:join': {
      const { payload, ack } = answered;
      return ack.success ? { pool: { boardSize: payload.boardSize, timeControl: payload.timeControl, rated: ack.rated, since: Date.now() } } : {};
    }
    case 'room:create':
    case 'room:join':
    case 'room:rejoin':
      return answered.ack.success ? entered(answered.ack) : {};
    case 'room:setReady':
    case 'room:updateSettings':
    case 'room:rematch':
      return answered.ack.success ? fromRoom(answered.ack.room, context.localPlayerId) : {};
    case 'game:move':
      return answered.ack.success ? { gameState: answered.ack.gameState, lastMoveTimestamp: Date.now(), moveRefusal: null } : {};
    case 'game:requestUndo': {
      const requestedBy = localSeat(context);
      return answered.ack.success && requestedBy !== null ? undoRequested(context, { requestId: answered.ack.requestId, requestedBy }) : {};
    }
    case 'game:respondUndo':
    case 'game:withdrawUndo':
      return answered.ack.success ? { pendingUndoRequest: null } : {};
    default:
      return {};
  }
}


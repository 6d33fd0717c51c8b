/**
 * The one owner of a room's state (issue 11): `reduce(room, command, now, config)` returns the
 * next room, what to tell the clients, and the answer to the command's sender. Pure: no I/O,
 * no clock but `now`, no randomness (commands carry their ids), so the game server can write
 * each accepted command to a durable log and rebuild every room after a crash by replaying it.
 *
 * Timers are deadlines in the room (countdown ticks, grace periods, an undo request's lapse, the
 * idle claim, a finished room's expiry). Before any command, every deadline already due is
 * applied at its own time, in order, so a deadline applied late (after a restart, or at the next
 * command) has exactly the effect it would have had on time.
 */
import type { PlayerIndex } from '../../../src/engine';
import { placeCell, undo } from '../../../src/game/game';
import {
  SERVER_ERRORS as E,
  UNDO_REQUESTS_PER_GAME,
  otherPlayer,
  startRefusal,
  undoRefusal,
  winnerOf,
  type EnteredRoom,
  type FinishReason,
  type GameStateView,
  type RoomView,
  type ServerToClientEvents,
} from '../../../src/protocol';
import type { Command } from './commands';
import type { RatedGame } from './results';
import { freshGame, gameSettings, gameView, newMember, newRoom, playerView, roomView, seatIndex, type Member, type RoomConfig, type RoomState, type Winner } from './state';

type EventName = keyof ServerToClientEvents;
/** One server event for the room's sockets (or, with `to`, one player's). */
export type Outgoing = { [K in EventName]: { event: K; payload: Parameters<ServerToClientEvents[K]>[0]; to?: string } }[EventName];

/** The answer to the command's sender (its socket.io acknowledgement, less what only the edge knows). */
export type Reply =
  | { success: true; room?: RoomView; requestId?: string; gameState?: GameStateView | null; entered?: Omit<EnteredRoom, 'rejoinToken'> }
  | { success: false; error: string };

export interface Step {
  /** The room after the command; null once it is gone (its last player left, or it expired). */
  room: RoomState | null;
  events: Outgoing[];
  reply: Reply;
  /** A rated game ended: written with this step, in the same transaction. */
  rate?: RatedGame;
  /** Players no longer in the room (their sockets leave it). */
  left: string[];
  /** Whether anything changed: a refused command changes nothing and is not logged. */
  changed: boolean;
}

/** A room being changed by one step (copy-on-write of the parts that change). */
interface Draft {
  room: RoomState | null;
  events: Outgoing[];
  rate?: RatedGame;
  left: string[];
}

const refuse = (room: RoomState | null, error: string): Step => ({ room, events: [], reply: { success: false, error }, left: [], changed: false });

export function reduce(prev: RoomState | null, command: Command, now: number, config: RoomConfig): Step {
  const draft: Draft = { room: prev, events: [], left: [] };
  // After a restart nobody's clocks ran while the server was down: the command restarts them.
  if (command.type !== 'restarted') advance(draft, now, config);
  const before = draft.room;
  const reply = apply(draft, command, now, config);
  const changed = draft.room !== prev || draft.events.length > 0;
  if (!reply.success) {
    // A refusal changes nothing of its own, but deadlines that fell due before it still count.
    return { ...refuse(before, reply.error), events: draft.events, rate: draft.rate, left: draft.left, changed: before !== prev || draft.events.length > 0 };
  }
  return { room: draft.room, events: draft.events, reply, rate: draft.rate, left: draft.left, changed };
}

// ------------------------------------------------------------------ deadlines

/** The earliest deadline of a room, or null when nothing is timed. */
export function nextDeadline(room: RoomState, config: RoomConfig): number | null {
  let next: number | null = null;
  const consider = (at: number | null | undefined) => {
    if (at !== null && at !== undefined && (next === null || at < next)) next = at;
  };
  consider(room.countdown?.nextAt);
  for (const member of room.members) consider(member.awayUntil);
  consider(room.pendingUndo?.lapsesAt);
  if (room.status === 'playing' && room.claimableBy === null && room.pendingUndo === null && room.turnSince !== null) {
    consider(room.turnSince + config.idleClaimMs);
  }
  consider(room.expiresAt);
  return next;
}

/** Applies every deadline due by `now`, each at its own time. */
function advance(draft: Draft, now: number, config: RoomConfig): void {
  for (;;) {
    const room = draft.room;
    if (!room) return;
    const at = nextDeadline(room, config);
    if (at === null || at > now) return;
    fire(draft, room, at, config);
  }
}

function fire(draft: Draft, room: RoomState, at: number, config: RoomConfig): void {
  if (room.countdown && room.countdown.nextAt === at) {
    if (room.countdown.left > 1) {
      const left = room.countdown.left - 1;
      set(draft, { ...room, countdown: { left, nextAt: at + config.countdownTickMs } });
      return emit(draft, { event: 'room:gameStarting', payload: { countdown: left, room: roomView(current(draft)) } });
    }
    return beginGame(draft, room, at);
  }
  const away = room.members.find((m) => m.awayUntil === at);
  if (away) {
    const index = seatIndex(room, away.id);
    if (room.status === 'playing' && index !== undefined) {
      set(draft, { ...room, members: room.members.map((m) => (m === away ? { ...m, awayUntil: null } : m)) });
      return finish(draft, otherPlayer(index), 'abandoned', index, at, config);
    }
    return takeOut(draft, room, away.id);
  }
  if (room.pendingUndo && room.pendingUndo.lapsesAt === at) {
    // Unanswered: a rejection, as the requester sees it ('Undo request was rejected').
    const { requestId } = room.pendingUndo;
    set(draft, { ...room, pendingUndo: null, turnSince: at, claimableBy: null });
    return emit(draft, { event: 'game:undoRejected', payload: { requestId } });
  }
  if (room.status === 'playing' && room.game && room.turnSince !== null && room.turnSince + config.idleClaimMs === at) {
    const idle = room.game.currentPlayer;
    // Before both have moved there is no game to win: it is aborted, as lichess does.
    if (!bothMoved(room)) return finish(draft, null, 'aborted', idle, at, config);
    const claimant = otherPlayer(idle);
    set(draft, { ...room, claimableBy: claimant });
    return emit(draft, { event: 'game:victoryClaimable', payload: { claimant, room: roomView(current(draft)) } });
  }
  if (room.expiresAt === at) {
    draft.left.push(...room.members.map((m) => m.id));
    draft.room = null;
    return;
  }
  throw new Error(`room ${room.code}: no deadline at ${at}`);
}

// ------------------------------------------------------------------ commands

function apply(draft: Draft, command: Command, now: number, config: RoomConfig): Reply {
  const room = draft.room;
  if (command.type === 'create') {
    if (room) return { success: false, error: E.alreadyInRoom };
    const host = newMember(command.playerId, command.username, command.userId, command.tokenHash);
    set(draft, newRoom(command.roomId, command.code, host));
    return entered(current(draft), host.id);
  }
  if (!room) return { success: false, error: E.roomNotFound };
  if (command.type === 'tick') return { success: true };
  if (command.type === 'restarted') return restarted(draft, room, now, config);
  if (command.type === 'join') return join(draft, room, command);
  const member = room.members.find((m) => m.id === command.playerId);
  if (!member) return { success: false, error: E.notInRoom };
  switch (command.type) {
    case 'leave':
      return leave(draft, room, member, now, config);
    case 'setReady':
      return setReady(draft, room, member, command.ready);
    case 'updateSettings':
      return updateSettings(draft, room, member, command);
    case 'start':
      return start(draft, room, member, now, config);
    case 'rematch':
      return rematch(draft, room, member, now, config);
    case 'dropped':
      return dropped(draft, room, member, now, config);
    case 'back':
      return back(draft, room, member);
    default:
      return play(draft, room, command, now, config);
  }
}

function join(draft: Draft, room: RoomState, command: Extract<Command, { type: 'join' }>): Reply {
  if (room.members.some((m) => m.id === command.playerId)) return { success: false, error: E.alreadyInRoom };
  if (room.members.length >= room.settings.maxPlayers) return { success: false, error: E.roomFull };
  if (room.status !== 'waiting') return { success: false, error: E.roomNotWaiting };
  const member = newMember(command.playerId, command.username, command.userId, command.tokenHash);
  const next = set(draft, { ...room, members: [...room.members, member] });
  emit(draft, { event: 'room:playerJoined', payload: { player: playerView(member), players: next.members.map(playerView), room: roomView(next) } });
  return entered(next, member.id);
}

function leave(draft: Draft, room: RoomState, member: Member, now: number, config: RoomConfig): Reply {
  const index = seatIndex(room, member.id);
  if (room.status === 'playing' && index !== undefined) finish(draft, otherPlayer(index), 'forfeit', index, now, config);
  takeOut(draft, current(draft), member.id);
  return { success: true };
}

function setReady(draft: Draft, room: RoomState, member: Member, ready: boolean): Reply {
  if (room.status !== 'waiting' && room.status !== 'starting') return { success: false, error: E.roomNotWaiting };
  // Withdrawing readiness during the countdown stops it.
  const stop = !ready && room.status === 'starting';
  const next = set(draft, {
    ...withMember(room, member.id, { ready }),
    ...(stop ? { status: 'waiting' as const, countdown: null } : {}),
  });
  emit(draft, { event: 'room:playerReady', payload: { playerId: member.id, ready, players: next.members.map(playerView), room: roomView(next) } });
  return { success: true, room: roomView(next, member.id) };
}

function updateSettings(draft: Draft, room: RoomState, member: Member, change: Extract<Command, { type: 'updateSettings' }>): Reply {
  if (room.hostId !== member.id) return { success: false, error: E.notHost };
  if (room.status !== 'waiting') return { success: false, error: E.roomNotWaiting };
  if (change.scoringMechanism !== undefined && change.scoringMechanism !== 'connection') return { success: false, error: E.comingSoon };
  const settings = change.boardSize === undefined ? room.settings : { ...room.settings, boardSize: change.boardSize };
  const next = set(draft, { ...room, settings });
  emit(draft, { event: 'room:settingsUpdated', payload: { settings: { ...settings }, room: roomView(next) } });
  return { success: true, room: roomView(next, member.id) };
}

function start(draft: Draft, room: RoomState, member: Member, now: number, config: RoomConfig): Reply {
  const refusal = startRefusal({ ...room, players: room.members }, member.id);
  if (refusal) return { success: false, error: refusal };
  beginCountdown(draft, room, now, config);
  return { success: true };
}

function beginCountdown(draft: Draft, room: RoomState, now: number, config: RoomConfig): void {
  const left = config.countdownSeconds;
  const next = set(draft, { ...room, status: 'starting', countdown: { left, nextAt: now + config.countdownTickMs } });
  emit(draft, { event: 'room:gameStarting', payload: { countdown: left, room: roomView(next) } });
}

function beginGame(draft: Draft, room: RoomState, at: number): void {
  const [first, second] = room.members;
  if (!first || !second) {
    set(draft, { ...room, status: 'waiting', countdown: null });
    return;
  }
  const next = set(draft, {
    ...room,
    status: 'playing',
    countdown: null,
    game: freshGame(room.settings, at),
    seats: [
      { id: first.id, username: first.username },
      { id: second.id, username: second.username },
    ],
    moves: [],
    moved: [false, false],
    pendingUndo: null,
    undoRequestsLeft: [UNDO_REQUESTS_PER_GAME, UNDO_REQUESTS_PER_GAME],
    turnSince: at,
    claimableBy: null,
    result: null,
    expiresAt: null,
  });
  const gameState = gameView(next);
  if (gameState) emit(draft, { event: 'game:started', payload: { room: roomView(next), gameState } });
}

/**
 * Ready for another game after a finished one. The first request takes the room back to waiting
 * with the seats swapped (the other player opens, as in a match); once both have asked, the
 * countdown starts, as an accepted rematch does on lichess.
 */
function rematch(draft: Draft, room: RoomState, member: Member, now: number, config: RoomConfig): Reply {
  const afterAGame = room.status === 'finished' || (room.status === 'waiting' && room.game !== null);
  if (!afterAGame) return { success: false, error: room.status === 'waiting' ? E.noRematch : E.roomNotWaiting };
  if (room.members.length < room.settings.maxPlayers) return { success: false, error: E.opponentLeft };
  const members =
    room.status === 'finished'
      ? [...room.members].reverse().map((m) => ({ ...m, ready: m.id === member.id }))
      : room.members.map((m) => (m.id === member.id ? { ...m, ready: true } : m));
  let next = set(draft, { ...room, status: 'waiting', members, pendingUndo: null, expiresAt: null });
  emit(draft, { event: 'room:playerReady', payload: { playerId: member.id, ready: true, players: next.members.map(playerView), room: roomView(next) } });
  if (startRefusal({ ...next, players: next.members }, next.hostId) === undefined) {
    beginCountdown(draft, next, now, config);
    next = current(draft);
  }
  return { success: true, room: roomView(next, member.id) };
}

function dropped(draft: Draft, room: RoomState, member: Member, now: number, config: RoomConfig): Reply {
  if (!member.connected) return { success: true };
  // A game never starts with someone away: a drop stops the countdown.
  const stop = room.status === 'starting';
  const next = set(draft, {
    ...withMember(room, member.id, { connected: false, awayUntil: now + config.graceMs }),
    ...(stop ? { status: 'waiting' as const, countdown: null } : {}),
  });
  const players = next.members.map(playerView);
  emit(draft, { event: 'room:playerDisconnected', payload: { playerId: member.id, players, graceMs: config.graceMs, room: roomView(next) } });
  return { success: true };
}

function back(draft: Draft, room: RoomState, member: Member): Reply {
  if (member.connected) return entered(room, member.id);
  const next = set(draft, withMember(room, member.id, { connected: true, awayUntil: null }));
  emit(draft, { event: 'room:playerReconnected', payload: { playerId: member.id, players: next.members.map(playerView), room: roomView(next) } });
  return entered(next, member.id);
}

/** After a restart: everyone is away with a fresh grace period; the game's clocks start again. */
function restarted(draft: Draft, room: RoomState, now: number, config: RoomConfig): Reply {
  set(draft, {
    ...room,
    members: room.members.map((m) => ({ ...m, connected: false, awayUntil: now + config.graceMs })),
    countdown: room.countdown ? { ...room.countdown, nextAt: now + config.countdownTickMs } : null,
    pendingUndo: room.pendingUndo ? { ...room.pendingUndo, lapsesAt: now + config.undoLapseMs } : null,
    turnSince: room.status === 'playing' ? now : room.turnSince,
  });
  return { success: true };
}

// ------------------------------------------------------------------ during a game

type GameCommand = Extract<Command, { type: 'move' | 'requestUndo' | 'respondUndo' | 'withdrawUndo' | 'forfeit' | 'claimVictory' }>;

function play(draft: Draft, room: RoomState, command: GameCommand, now: number, config: RoomConfig): Reply {
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
      const placed = placeCell(game, { gridX: col, gridY: row }, config.rules);
      if (!placed.ok) return { success: false, error: placed.reason === 'occupied' ? E.occupied : placed.reason === 'off-grid' ? E.offGrid : E.notPlaying };
      const move = { row, col, player: index };
      const moved: [boolean, boolean] = index === 0 ? [true, room.moved[1]] : [room.moved[0], true];
      const next = set(draft, { ...room, game: placed.state, moves: [...room.moves, move], moved, turnSince: now, claimableBy: null });
      const gameState = gameView(next) as GameStateView;
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
      const settings = gameSettings(room.settings);
      const next = set(draft, { ...room, game: undo(undo(game, settings), settings), moves: room.moves.slice(0, -2), pendingUndo: null, turnSince: now, claimableBy: null });
      emit(draft, { event: 'game:undoApproved', payload: { requestId: pending.requestId, gameState: gameView(next) as GameStateView } });
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
 * rating can be gained from a game nobody played.
 */
function finish(draft: Draft, winner: Winner, reason: FinishReason, loser: PlayerIndex | null, at: number, config: RoomConfig): void {
  const room = current(draft);
  const aborted = reason === 'aborted' || (reason !== 'board-full' && !bothMoved(room));
  const result = aborted ? { winner: null, reason: 'aborted' as const } : { winner, reason };
  const next = set(draft, {
    ...room,
    status: 'finished',
    pendingUndo: null,
    claimableBy: null,
    turnSince: null,
    result,
    expiresAt: at + config.finishedTtlMs,
  });
  if (!aborted && loser !== null && (result.reason === 'forfeit' || result.reason === 'abandoned')) {
    const member = next.members[loser];
    emit(draft, {
      event: 'game:forfeited',
      payload: { forfeitingPlayer: { id: member?.id ?? '', username: member?.username ?? '', index: loser }, winner: otherPlayer(loser), reason: result.reason },
    });
  }
  const scores: [number, number] = room.game ? [room.game.scores[0], room.game.scores[1]] : [0, 0];
  const gameState = gameView(next);
  if (gameState) emit(draft, { event: 'game:finished', payload: { winner: result.winner, scores, reason: result.reason, gameState, room: roomView(next) } });
  const [p0, p1] = next.members;
  if (!aborted && result.winner !== null && p0?.userId && p1?.userId && p0.userId !== p1.userId) {
    draft.rate = { player1Id: p0.userId, player2Id: p1.userId, scores, winner: result.winner, scoringMechanism: room.settings.scoringMechanism, boardSize: room.settings.boardSize };
  }
}

// ------------------------------------------------------------------ helpers

const bothMoved = (room: RoomState): boolean => room.moved[0] && room.moved[1];

/** Takes a player out of a room; passes the host on; a room without players is gone. */
function takeOut(draft: Draft, room: RoomState, playerId: string): void {
  const members = room.members.filter((m) => m.id !== playerId);
  draft.left.push(playerId);
  const host = members[0];
  if (!host) {
    draft.room = null;
    return;
  }
  const stop = room.status === 'starting';
  const next = set(draft, {
    ...room,
    members,
    hostId: room.hostId === playerId ? host.id : room.hostId,
    ...(stop ? { status: 'waiting' as const, countdown: null } : {}),
  });
  emit(draft, { event: 'room:playerLeft', payload: { playerId, players: members.map(playerView), hostId: next.hostId, room: roomView(next) } });
}

function withMember(room: RoomState, playerId: string, change: Partial<Member>): RoomState {
  return { ...room, members: room.members.map((m) => (m.id === playerId ? { ...m, ...change } : m)) };
}

function entered(room: RoomState, playerId: string): Reply {
  return { success: true, entered: { room: roomView(room, playerId), playerId, gameState: gameView(room) } };
}

function set(draft: Draft, room: RoomState): RoomState {
  draft.room = room;
  return room;
}

function current(draft: Draft): RoomState {
  if (!draft.room) throw new Error('the room is gone');
  return draft.room;
}

function emit(draft: Draft, outgoing: Outgoing): void {
  draft.events.push(outgoing);
}

/**
 * The one owner of a room's state: `reduce(room, command, now, config)` returns the
 * next room, what to tell the clients, and the answer to the command's sender. Pure: no I/O,
 * no clock but `now`, no randomness (commands carry their ids), so the game server can write
 * each accepted command to a durable log and rebuild every room after a crash by replaying it.
 *
 * Timers are deadlines in the room (countdown ticks, grace periods, an undo request's lapse, the
 * idle claim, a finished room's expiry). Before any command, every deadline already due is
 * applied at its own time, in order, so a deadline applied late (after a restart, or at the next
 * command) has exactly the effect it would have had on time.
 */
import type { PlayerIndex } from '../../../../src/engine';
import { SERVER_ERRORS as E, UNDO_REQUESTS_PER_GAME, otherPlayer, startRefusal } from '../../../../src/protocol';
import { joinRefusal } from './join-rule';
import type { Command } from './commands';
import { openPairedRoom, startsByItself } from './paired-room';
import { bothMoved, finish, play } from './play';
import { clocksView, freshGame, gameView, newClock, newMember, newRoom, playerView, roomView, seatIndex, type Member, type RoomConfig, type RoomState } from './state';
import { current, emit, entered, set, withMember, type Draft, type Reply, type Step } from './step';

export type { Outgoing, Reply, Step } from './step';

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
  // Twice at every move: a module function rather than a closure made per call.
  let next = earlier(room.countdown?.nextAt, null);
  for (const member of room.members) next = earlier(member.awayUntil, next);
  next = earlier(room.pendingUndo?.lapsesAt, next);
  const flagAt = flagDeadline(room);
  next = earlier(flagAt, next);
  // A running clock stands in for the idle claim; before it runs (a first move) the idle rule holds.
  if (room.status === 'playing' && flagAt === null && room.claimableBy === null && room.pendingUndo === null && room.turnSince !== null) {
    next = earlier(room.turnSince + config.idleClaimMs, next);
  }
  return earlier(room.expiresAt, next);
}

/** The earlier of a deadline (if any) and the earliest so far. */
function earlier(at: number | null | undefined, next: number | null): number | null {
  return at !== null && at !== undefined && (next === null || at < next) ? at : next;
}

/** When the player to move runs out of time, if their clock is running. */
function flagDeadline(room: RoomState): number | null {
  const { clock, game } = room;
  if (room.status !== 'playing' || !clock || clock.runningSince === null || !game) return null;
  return clock.runningSince + clock.remainingMs[game.currentPlayer];
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
    if (room.status === 'playing' && index !== undefined) return graceOver(draft, room, away, index, at, config);
    return takeOut(draft, room, away.id);
  }
  if (room.game && flagDeadline(room) === at) {
    // Out of time: a loss, rated like any other (the clock runs only once both have moved).
    const flagged = room.game.currentPlayer;
    return finish(draft, otherPlayer(flagged), 'timeout', flagged, at, config);
  }
  if (room.pendingUndo && room.pendingUndo.lapsesAt === at) {
    // Unanswered: a rejection, as the requester sees it ('Undo request was rejected').
    const { requestId } = room.pendingUndo;
    set(draft, { ...room, pendingUndo: null, turnSince: at, claimableBy: null });
    return emit(draft, { event: 'game:undoRejected', payload: { requestId } });
  }
  if (room.status === 'playing' && room.game && flagDeadline(room) === null && room.turnSince !== null && room.turnSince + config.idleClaimMs === at) {
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
    set(draft, newRoom(command.roomId, command.code, host, command.mirrorRule === true));
    return entered(current(draft), host.id, now);
  }
  if (command.type === 'paired') return room ? { success: false, error: E.alreadyInRoom } : openPairedRoom(draft, command, now, config);
  if (!room) return { success: false, error: E.roomNotFound };
  if (command.type === 'tick') return { success: true };
  if (command.type === 'restarted') return restarted(draft, room, command.lastAt, now, config);
  if (command.type === 'join') return join(draft, room, command, now);
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
      return back(draft, room, member, now, config);
    default:
      return play(draft, room, command, now, config);
  }
}

function join(draft: Draft, room: RoomState, command: Extract<Command, { type: 'join' }>, now: number): Reply {
  if (room.members.some((m) => m.id === command.playerId)) return { success: false, error: E.alreadyInRoom };
  const refusal = joinRefusal(room, command.username);
  if (refusal) return { success: false, error: refusal };
  const member = newMember(command.playerId, command.username, command.userId, command.tokenHash);
  const next = set(draft, { ...room, members: [...room.members, member] });
  emit(draft, { event: 'room:playerJoined', payload: { player: playerView(member), players: next.members.map(playerView), room: roomView(next) } });
  return entered(next, member.id, now);
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
  if (room.quickPlay) return { success: false, error: E.pairedSettings };
  if (change.scoringMechanism !== undefined && change.scoringMechanism !== 'connection') return { success: false, error: E.comingSoon };
  const settings = {
    ...room.settings,
    ...(change.boardSize === undefined ? {} : { boardSize: change.boardSize }),
    ...(change.rated === undefined ? {} : { rated: change.rated }),
    ...(change.timeControl === undefined ? {} : { timeControl: change.timeControl }),
    ...(change.visibility === undefined ? {} : { visibility: change.visibility }),
    ...(change.mirrorRule === undefined ? {} : { mirrorRule: change.mirrorRule }),
  };
  // A player who said Ready said it to the old settings (say, a casual game now made rated): the
  // others are asked again, as on Board Game Arena. The host, who changed them, stays as they were.
  // Who may find the room is not the game they agreed to: it asks nobody again.
  const changed = (Object.keys(settings) as (keyof typeof settings)[]).some((key) => key !== 'visibility' && settings[key] !== room.settings[key]);
  const members = changed ? room.members.map((m) => (m.id === room.hostId || !m.ready ? m : { ...m, ready: false })) : room.members;
  const next = set(draft, { ...room, settings, members });
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
    clock: newClock(room.settings.timeControl),
    turnSince: at,
    claimableBy: null,
    result: null,
    expiresAt: null,
  });
  const gameState = gameView(next, at);
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

function back(draft: Draft, room: RoomState, member: Member, now: number, config: RoomConfig): Reply {
  if (member.connected) return entered(room, member.id, now);
  const next = set(draft, { ...withMember(room, member.id, { connected: true, awayUntil: null }), clock: clockOnReturn(room, member.id, now) });
  emit(draft, { event: 'room:playerReconnected', payload: { playerId: member.id, players: next.members.map(playerView), room: roomView(next) } });
  const index = seatIndex(next, member.id);
  const opponent = index === undefined ? undefined : next.members[otherPlayer(index)];
  // Back within their grace period to an opponent whose own ran out meanwhile: the absent one forfeits now.
  if (next.status === 'playing' && index !== undefined && opponent && gone(opponent)) {
    finish(draft, index, 'abandoned', otherPlayer(index), now, config);
    return entered(current(draft), member.id, now);
  }
  if (next.clock !== room.clock && next.game) {
    const clocks = clocksView(next.clock, next.game.currentPlayer, now);
    if (clocks) emit(draft, { event: 'game:clockResumed', payload: { clocks } });
  }
  // A room of quick play starts once both paired players are in.
  if (startsByItself(next)) beginCountdown(draft, next, now, config);
  return entered(current(draft), member.id, now);
}

/**
 * After a restart: everyone is away with a fresh grace period; the game's timers start again.
 * The player to move is charged for their turn up to the last command the log has (`lastAt`),
 * not for the time the server was down, as lichess gives that time back.
 */
function restarted(draft: Draft, room: RoomState, lastAt: number | undefined, now: number, config: RoomConfig): Reply {
  set(draft, {
    ...room,
    clock: room.clock && room.status === 'playing' ? resumeClock(room, lastAt, now) : room.clock,
    members: room.members.map((m) => ({ ...m, connected: false, awayUntil: now + config.graceMs })),
    countdown: room.countdown ? { ...room.countdown, nextAt: now + config.countdownTickMs } : null,
    pendingUndo: room.pendingUndo ? { ...room.pendingUndo, lapsesAt: now + config.undoLapseMs } : null,
    turnSince: room.status === 'playing' ? now : room.turnSince,
  });
  return { success: true };
}

// ------------------------------------------------------------------ helpers

/**
 * A seated player's grace period ran out during the game. With the opponent present, the absent
 * player forfeits (a loss, rated as any forfeit). With the opponent away too, nobody is there to
 * win: the game waits for the opponent's own grace period. Back within it, they win (back());
 * away past it as well, the game is aborted for both, unrated, whoever dropped first (after a
 * restart both are away from the same moment). A player whose grace ran out stays in the room,
 * away with no deadline (gone()), until then.
 */
function graceOver(draft: Draft, room: RoomState, away: Member, index: PlayerIndex, at: number, config: RoomConfig): void {
  const next = set(draft, withMember(room, away.id, { awayUntil: null }));
  const opponent = next.members[otherPlayer(index)];
  if (!opponent || opponent.connected) return finish(draft, otherPlayer(index), 'abandoned', index, at, config);
  if (gone(opponent)) return finish(draft, null, 'aborted', null, at, config);
}

/** A seated player away past their grace period, in a game that waits for their opponent (graceOver). */
const gone = (member: Member): boolean => !member.connected && member.awayUntil === null;

/**
 * A restart stops the running clock where the room was last known to run; it waits for the player
 * to move to come back (clockOnReturn): the server's downtime and their reconnection are not
 * their time. (Away past the grace period, they lose the game as anyone away does.)
 */
function resumeClock(room: RoomState, lastAt: number | undefined, now: number): RoomState['clock'] {
  const { clock, game } = room;
  if (!clock || clock.runningSince === null || !game) return clock;
  const used = Math.max(0, Math.min(lastAt ?? clock.runningSince, now) - clock.runningSince);
  const remainingMs: [number, number] = [...clock.remainingMs];
  remainingMs[game.currentPlayer] = Math.max(0, remainingMs[game.currentPlayer] - used);
  return { ...clock, remainingMs, runningSince: null };
}

/** The clocks when a player comes back: the mover's, stopped by a restart, runs again from now. */
function clockOnReturn(room: RoomState, playerId: string, now: number): RoomState['clock'] {
  const { clock, game } = room;
  if (room.status !== 'playing' || !clock || clock.runningSince !== null || !game) return clock;
  const mover = game.currentPlayer;
  // Before their first move a player's clock does not run at all.
  if (seatIndex(room, playerId) !== mover || !room.moved[mover]) return clock;
  return { ...clock, runningSince: now };
}

/**
 * Takes a player out of a room; passes the host on; a room without players is gone. A room quick
 * play paired is no pairing any more once a player is gone (one who never came included): it
 * becomes an ordinary room its remaining player hosts, who may invite someone or change settings.
 */
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
    ...(room.quickPlay ? { quickPlay: false } : {}),
  });
  emit(draft, { event: 'room:playerLeft', payload: { playerId, players: members.map(playerView), hostId: next.hostId, room: roomView(next) } });
}


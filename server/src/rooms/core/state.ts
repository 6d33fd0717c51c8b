/**
 * One room's state, as the reducer (reducer.ts) owns it, and the views of it sent to clients
 * (src/protocol). Plain data: every timer is a deadline (epoch milliseconds) held here, so a
 * room rebuilt from its log after a crash has the same timers. No I/O, no clocks, no randomness.
 */
import type { PlayerIndex } from '../../../../src/engine';
import { createGame, placeCell, setProgress, type Rules } from '../../../../src/game/game';
import { DEFAULT_SETTINGS } from '../../../../src/game/settings';
import type { BoardSize, GameState, Settings } from '../../../../src/game/types';
import {
  DEFAULT_ROOM_SETTINGS,
  UNDO_REQUESTS_PER_GAME,
  clockOf,
  scoreToText,
  type ClocksView,
  type FinishReason,
  type GameStateView,
  type MoveView,
  type PlayerView,
  type RoomSettings,
  type RoomStatus,
  type RoomView,
  type SeatView,
  type TimeControl,
  type Wire,
} from '../../../../src/protocol';

export interface Member {
  id: string;
  username: string;
  /** The verified Supabase user id of a signed-in player; null when anonymous. */
  userId: string | null;
  /** sha256 of the player's rejoin token: the token itself is never stored. */
  tokenHash: string;
  ready: boolean;
  connected: boolean;
  /** While away: when the seat is given up (a forfeit during a game, leaving the room outside one). */
  awayUntil: number | null;
}

export type Winner = PlayerIndex | 'draw' | null;

/**
 * A timed game's two clocks. `remainingMs` is each player's time as of `runningSince`
 * for the one running (the player to move), as of their last move for the other. A player's
 * clock runs only from their second turn on (it starts after their first move, as on lichess);
 * until then runningSince is null and the idle rule aborts a game nobody starts.
 */
export interface Clock {
  remainingMs: [number, number];
  runningSince: number | null;
  incrementMs: number;
}

export interface RoomState {
  /** The log's key: unique for ever, unlike the code, which a later room may reuse. */
  id: string;
  code: string;
  status: RoomStatus;
  hostId: string;
  members: Member[]; // join order: index = player index in the game
  settings: RoomSettings;
  /** During the countdown: the tick being shown and when the next one is due. */
  countdown: { left: number; nextAt: number } | null;
  /** The game under way or just finished (derived from `moves` when a room is restored). */
  game: GameState | null;
  /** Who plays the game, player 0 first: names stay with seats when someone leaves. */
  seats: [SeatView, SeatView] | null;
  moves: MoveView[];
  /** Sticky per game: whether each player has moved (an undo does not make a game unplayed). */
  moved: [boolean, boolean];
  pendingUndo: { requestId: string; requestedBy: PlayerIndex; lapsesAt: number } | null;
  undoRequestsLeft: [number, number];
  /** The game's clocks; null in an untimed game (or before a game). */
  clock: Clock | null;
  /** When the player to move began their turn (for "Claim victory"). */
  turnSince: number | null;
  claimableBy: PlayerIndex | null;
  result: { winner: Winner; reason: FinishReason } | null;
  /** A finished room is removed then. */
  expiresAt: number | null;
  /** Paired by quick play: the game counts down as soon as both players are in. */
  quickPlay?: boolean;
}

/** The timings a room runs on; the same on replay as when the commands were accepted. */
export interface RoomConfig {
  rules: Rules;
  countdownSeconds: number;
  countdownTickMs: number;
  graceMs: number;
  finishedTtlMs: number;
  undoLapseMs: number;
  idleClaimMs: number;
}

export function newMember(id: string, username: string, userId: string | null, tokenHash: string): Member {
  return { id, username, userId, tokenHash, ready: false, connected: true, awayUntil: null };
}

/**
 * A new room: the default settings, "No mirroring" as its command says (a room logged before the
 * rule had none, so its replayed moves stay legal).
 */
export function newRoom(id: string, code: string, host: Member, mirrorRule = false): RoomState {
  return {
    id,
    code,
    status: 'waiting',
    hostId: host.id,
    members: [host],
    settings: { ...DEFAULT_ROOM_SETTINGS, mirrorRule },
    countdown: null,
    game: null,
    seats: null,
    moves: [],
    moved: [false, false],
    pendingUndo: null,
    undoRequestsLeft: [UNDO_REQUESTS_PER_GAME, UNDO_REQUESTS_PER_GAME],
    clock: null,
    turnSince: null,
    claimableBy: null,
    result: null,
    expiresAt: null,
  };
}

/** A new game's clocks for a time control: both full, neither running yet (null when untimed). */
export function newClock(timeControl: TimeControl | undefined): Clock | null {
  const clock = timeControl ? clockOf(timeControl) : null;
  return clock ? { remainingMs: [clock.initialMs, clock.initialMs], runningSince: null, incrementMs: clock.incrementMs } : null;
}

/** The game rules' settings for a room: two humans, player 0 first. */
export function gameSettings(settings: RoomSettings): Settings {
  return {
    ...DEFAULT_SETTINGS,
    playerMode: 'user',
    firstPlayer: 'human',
    boardSize: String(settings.boardSize) as BoardSize,
    scoringMechanism: settings.scoringMechanism,
  };
}

export const freshGame = (settings: RoomSettings, at: number): GameState => setProgress(createGame(gameSettings(settings), at), 'playing');

/**
 * The game after these moves, placed one by one on a fresh board: how a room's game is rebuilt
 * from its log and how an undo is made. The server's games keep no history of earlier boards
 * (placeCell's keepHistory): hundreds of games would keep every board they ever had alive.
 */
export function gameOfMoves(settings: RoomSettings, moves: readonly MoveView[], rules: Rules, at: number): GameState {
  let game = freshGame(settings, at);
  for (const move of moves) {
    const placed = placeCell(game, { gridX: move.col, gridY: move.row }, rules, false);
    if (!placed.ok) throw new Error(`move ${JSON.stringify(move)} is illegal (${placed.reason})`);
    game = placed.state;
  }
  return game;
}

/** Whether the room plays under "No mirroring" (a room stored before the rule does not). */
export const mirrorRuleOf = (room: Pick<RoomState, 'settings'>): boolean => room.settings.mirrorRule === true;

/**
 * The engine's rules with the room's "No mirroring": a move that leaves the mover's cells the
 * opponent's turned or flipped is refused ('mirroring'). Replays (gameOfMoves) use the plain
 * rules: their moves were accepted under the room's rule already, and it only ever refuses.
 */
export function roomRules(rules: Rules, room: Pick<RoomState, 'settings'>): Rules {
  if (!mirrorRuleOf(room)) return rules;
  const play: Rules['play'] = (board, cell, player, mode, given) => rules.play(board, cell, player, mode, { ...given, mirrorRule: true });
  return { play };
}

export function seatIndex(room: RoomState, playerId: string): PlayerIndex | undefined {
  const index = room.members.findIndex((m) => m.id === playerId);
  return index === 0 || index === 1 ? index : undefined;
}

export function playerView(member: Member): PlayerView {
  return { id: member.id, username: member.username, ready: member.ready, connected: member.connected, signedIn: member.userId !== null };
}

export function roomView(room: RoomState, forPlayerId?: string): RoomView {
  return {
    code: room.code,
    status: room.status,
    hostId: room.hostId,
    ...(forPlayerId === undefined ? {} : { isHost: forPlayerId === room.hostId }),
    players: room.members.map(playerView),
    // A room stored before the rule has no mirrorRule: it plays without it, and says so.
    settings: { ...room.settings, mirrorRule: mirrorRuleOf(room) },
    pendingUndo: room.pendingUndo ? { requestId: room.pendingUndo.requestId, requestedBy: room.pendingUndo.requestedBy } : null,
    undoRequestsLeft: [...room.undoRequestsLeft],
    claimableBy: room.claimableBy,
    quickPlay: room.quickPlay === true,
  };
}

/** The clocks as a client shows them: the running one as of `now` (never below 0). */
export function clocksView(clock: Clock | null, current: PlayerIndex, now: number): ClocksView | null {
  if (!clock) return null;
  const remainingMs: [number, number] = [...clock.remainingMs];
  if (clock.runningSince !== null) remainingMs[current] = Math.max(0, remainingMs[current] - (now - clock.runningSince));
  return { remainingMs, running: clock.runningSince === null ? null : current };
}

/** Both scores as the socket carries them: every digit, as decimal strings, player 0 first. */
export const scoresText = ([a, b]: readonly [bigint, bigint]): [string, string] => [scoreToText(a), scoreToText(b)];

/** The game as clients see it at `now` (its clocks as of then), every score as its decimal string. */
export function gameView(room: RoomState, now: number): Wire<GameStateView> | null {
  const { game, seats } = room;
  if (!game || !seats) return null;
  const [a, b] = game.boardState.occupiedCells;
  return {
    boardState: { occupiedCells: [[...a], [...b]], gridWidth: game.boardState.gridWidth, gridHeight: game.boardState.gridHeight },
    scores: scoresText(game.scores),
    currentPlayer: game.currentPlayer,
    progress: game.progress === 'over' ? 'over' : 'playing',
    scoreHistory1: game.scoreHistory1.map(scoreToText),
    scoreHistory2: game.scoreHistory2.map(scoreToText),
    scoringMechanism: game.scoringMechanism,
    moveCount: room.moves.length,
    lastMove: room.moves.at(-1) ?? null,
    seats: [{ ...seats[0] }, { ...seats[1] }],
    clocks: clocksView(room.clock, game.currentPlayer, now),
  };
}

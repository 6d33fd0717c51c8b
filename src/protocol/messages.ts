/**
 * The realtime socket protocol (SPEC §7 "Realtime socket"), shared by the client and
 * the game server: event names, payloads, acknowledgements and the views of a room
 * and a game that the server sends. Everything here is plain JSON.
 */
import type { PlayerIndex, Scores, ScoringMechanism } from '../engine';

// ---------------------------------------------------------------- shared shapes

/** Board sizes a room may use (SPEC §9); the default is 6. */
export type RoomBoardSize = 6 | 8 | 10;
export const ROOM_BOARD_SIZES: readonly RoomBoardSize[] = [6, 8, 10];

export type RoomStatus = 'waiting' | 'starting' | 'playing' | 'finished';

export interface RoomSettings {
  boardSize: RoomBoardSize; // 6 by default
  scoringMechanism: ScoringMechanism; // 'connection' (the others are 'Coming Soon')
  maxPlayers: number; // 2
}

export const DEFAULT_ROOM_SETTINGS: RoomSettings = { boardSize: 6, scoringMechanism: 'connection', maxPlayers: 2 };

export const ROOM_CODE_LENGTH = 6;
export const USERNAME_MAX = 20;
/** The countdown before a game starts, in seconds (one room:gameStarting per second). */
export const COUNTDOWN_SECONDS = 3;
/** How long a dropped player has to come back before forfeiting, in milliseconds. */
export const REJOIN_GRACE_MS = 60_000;
/** An undo request nobody answers lapses after this long, as a rejection (issue 11). */
export const UNDO_LAPSE_MS = 30_000;
/** Undo requests each player may make in one game. */
export const UNDO_REQUESTS_PER_GAME = 3;
/**
 * In a game without clocks, when the player to move has not moved for this long the opponent
 * may claim the win (lichess's "Claim victory"); before both have moved the game is aborted.
 */
export const IDLE_CLAIM_MS = 120_000;

export interface PlayerView {
  id: string; // the server's id for this player in this room (not a socket id)
  username: string;
  ready: boolean;
  connected: boolean; // false while a dropped player may still come back
  signedIn: boolean; // true when the player's access token was verified (rated games)
}

export interface PendingUndoView {
  requestId: string;
  requestedBy: PlayerIndex;
}

/** A room as the server sends it; `players` in join order (index = player index in the game). */
export interface RoomView {
  code: string; // 6 upper-case letters/digits
  status: RoomStatus;
  hostId: string; // the host's PlayerView.id
  /** Only in a message to one client: whether that client is the host. */
  isHost?: boolean;
  players: PlayerView[];
  settings: RoomSettings;
  pendingUndo: PendingUndoView | null;
  /** Undo requests each player has left in this game, player 0 first (issue 11). */
  undoRequestsLeft: [number, number];
  /** The player who may claim victory now: their opponent, to move, has been idle for IDLE_CLAIM_MS. */
  claimableBy: PlayerIndex | null;
}

/** A board state in JSON form: occupiedCells as two lists of 'x-y' keys, player 0 first. */
export interface BoardStateJson {
  occupiedCells: [string[], string[]];
  gridWidth: number;
  gridHeight: number;
}

export type GameProgress = 'playing' | 'over';

export interface MoveView {
  row: number; // y
  col: number; // x
  player: PlayerIndex;
}

/** Who sits in a seat of a game: kept with the game, so names stay with their seats after someone leaves. */
export interface SeatView {
  id: string; // PlayerView.id
  username: string;
}

/** The authoritative game state a client renders (SPEC §3 "Game state", JSON form). */
export interface GameStateView {
  boardState: BoardStateJson;
  scores: Scores; // player 0 first
  currentPlayer: PlayerIndex; // index into RoomView.players
  progress: GameProgress;
  scoreHistory1: number[]; // player 0's score after each move
  scoreHistory2: number[]; // player 1's score after each move
  scoringMechanism: ScoringMechanism;
  moveCount: number;
  lastMove: MoveView | null;
  /** The game's two players, player 0 first (issue 11: not the current player list). */
  seats: [SeatView, SeatView];
}

/** Acknowledgement of every client event: success with data, or an error text. */
export type Ack<T extends object = object> = ({ success: true } & T) | { success: false; error: string };
export type AckCallback<T extends object = object> = (ack: Ack<T>) => void;

// ---------------------------------------------------------------- client → server

export const CLIENT_EVENTS = {
  createRoom: 'room:create',
  joinRoom: 'room:join',
  leaveRoom: 'room:leave',
  setReady: 'room:setReady',
  updateSettings: 'room:updateSettings',
  rejoin: 'room:rejoin',
  start: 'game:start',
  move: 'game:move',
  requestUndo: 'game:requestUndo',
  respondUndo: 'game:respondUndo',
  forfeit: 'game:forfeit',
  rematch: 'room:rematch',
  withdrawUndo: 'game:withdrawUndo',
  claimVictory: 'game:claimVictory',
} as const;

export interface CreateRoomPayload {
  username: string; // 1..20 after trim
}
export interface JoinRoomPayload {
  code: string; // upper-cased by the parser
  username: string;
}
export interface SetReadyPayload {
  ready: boolean;
}
/** One or both of the fields. */
export interface UpdateSettingsPayload {
  boardSize?: RoomBoardSize;
  scoringMechanism?: ScoringMechanism;
}
export interface MovePayload {
  row: number; // the cell's y
  col: number; // the cell's x
}
export interface RespondUndoPayload {
  requestId: string;
  approved: boolean;
}
export interface RejoinPayload {
  rejoinToken: string;
}

/** What a client gets back on entering a room (create, join, rejoin). */
export interface EnteredRoom {
  room: RoomView;
  playerId: string; // the local player's PlayerView.id
  /** Keep it (e.g. sessionStorage) and send it as `auth: { rejoinToken }` or room:rejoin after a drop. */
  rejoinToken: string;
  gameState: GameStateView | null; // set when a game is under way or finished
}

/** Payload and acknowledgement data of each client event. */
export interface ClientToServerEvents {
  'room:create': (payload: CreateRoomPayload, ack: AckCallback<EnteredRoom>) => void;
  'room:join': (payload: JoinRoomPayload, ack: AckCallback<EnteredRoom>) => void;
  'room:leave': (payload: Record<string, never>, ack: AckCallback) => void;
  'room:setReady': (payload: SetReadyPayload, ack: AckCallback<{ room: RoomView }>) => void;
  'room:updateSettings': (payload: UpdateSettingsPayload, ack: AckCallback<{ room: RoomView }>) => void;
  'room:rejoin': (payload: RejoinPayload, ack: AckCallback<EnteredRoom>) => void;
  /**
   * After a finished game (not in SPEC §7; as lichess's rematch): ready for another game in the
   * same room. The first request takes the room back to waiting with the seats swapped (the other
   * player opens); when both have asked, the next game's countdown starts.
   */
  'room:rematch': (payload: Record<string, never>, ack: AckCallback<{ room: RoomView }>) => void;
  'game:start': (payload: Record<string, never>, ack: AckCallback) => void;
  'game:move': (payload: MovePayload, ack: AckCallback<{ gameState: GameStateView }>) => void;
  'game:requestUndo': (payload: Record<string, never>, ack: AckCallback<{ requestId: string }>) => void;
  'game:respondUndo': (payload: RespondUndoPayload, ack: AckCallback) => void;
  'game:forfeit': (payload: Record<string, never>, ack: AckCallback) => void;
  /** Issue 11: the requester takes back their pending undo request (everyone hears game:undoWithdrawn). */
  'game:withdrawUndo': (payload: Record<string, never>, ack: AckCallback) => void;
  /** Issue 11: the opponent of a player idle for IDLE_CLAIM_MS wins (game:finished, reason 'claimed'). */
  'game:claimVictory': (payload: Record<string, never>, ack: AckCallback) => void;
}

// ---------------------------------------------------------------- server → client

export const SERVER_EVENTS = {
  playerJoined: 'room:playerJoined',
  playerLeft: 'room:playerLeft',
  settingsUpdated: 'room:settingsUpdated',
  playerReady: 'room:playerReady',
  gameStarting: 'room:gameStarting',
  playerDisconnected: 'room:playerDisconnected',
  playerReconnected: 'room:playerReconnected',
  rejoined: 'room:rejoined',
  started: 'game:started',
  moveMade: 'game:moveMade',
  finished: 'game:finished',
  undoRequested: 'game:undoRequested',
  undoApproved: 'game:undoApproved',
  undoRejected: 'game:undoRejected',
  forfeited: 'game:forfeited',
  undoWithdrawn: 'game:undoWithdrawn',
  victoryClaimable: 'game:victoryClaimable',
  restarting: 'server:restarting',
} as const;

export interface PlayerJoinedPayload {
  player: PlayerView;
  players: PlayerView[];
  room: RoomView;
}
export interface PlayerLeftPayload {
  playerId: string;
  players: PlayerView[];
  hostId: string; // the (possibly new) host
  room: RoomView;
}
export interface SettingsUpdatedPayload {
  settings: RoomSettings;
  room: RoomView;
}
export interface PlayerReadyPayload {
  playerId: string;
  ready: boolean;
  players: PlayerView[];
  room: RoomView;
}
export interface GameStartingPayload {
  countdown: number; // seconds left: 3, 2, 1
  room: RoomView;
}
export interface PlayerConnectionPayload {
  playerId: string;
  players: PlayerView[];
  /** The room after the change: a drop stops a countdown (status back to waiting). */
  room: RoomView;
  /** On a drop: ms the player has to come back before forfeiting (or, outside a game, losing the seat). */
  graceMs?: number;
}
export interface GameStartedPayload {
  room: RoomView;
  gameState: GameStateView;
}
export interface MoveMadePayload {
  gameState: GameStateView;
  move: MoveView;
}

/** The outcome of a rated game for one player (both players signed in). */
export interface RatingChange {
  playerId: string;
  before: number;
  after: number;
}

/**
 * 'aborted': the game ended before both players had moved (a forfeit, a player gone, or the
 * first player idle): no winner, not rated. 'claimed': the opponent of an idle player claimed victory.
 */
export type FinishReason = 'board-full' | 'forfeit' | 'abandoned' | 'aborted' | 'claimed';

export interface GameFinishedPayload {
  /** null when the game was aborted. */
  winner: PlayerIndex | 'draw' | null;
  scores: Scores;
  reason: FinishReason;
  gameState: GameStateView;
  room: RoomView;
  /** Present when the game was rated; written after the game ends, so possibly a moment later. */
  ratings?: [RatingChange, RatingChange];
}
export interface UndoRequestedPayload {
  requestId: string;
  requestedBy: PlayerIndex;
  playerId: string;
}
export interface UndoApprovedPayload {
  requestId: string;
  gameState: GameStateView;
}
export interface UndoRejectedPayload {
  requestId: string;
}
export interface ForfeitedPayload {
  forfeitingPlayer: { id: string; username: string; index: PlayerIndex };
  winner: PlayerIndex;
  reason: 'forfeit' | 'abandoned';
}

export interface UndoWithdrawnPayload {
  requestId: string;
}
/** The player to move has been idle for IDLE_CLAIM_MS: `claimant` may claim victory. */
export interface VictoryClaimablePayload {
  claimant: PlayerIndex;
  room: RoomView;
}
/** The server is shutting down for a restart: reconnect (with the rejoin token) and carry on. */
export interface ServerRestartingPayload {
  message: string;
}

export interface ServerToClientEvents {
  'room:playerJoined': (payload: PlayerJoinedPayload) => void;
  'room:playerLeft': (payload: PlayerLeftPayload) => void;
  'room:settingsUpdated': (payload: SettingsUpdatedPayload) => void;
  'room:playerReady': (payload: PlayerReadyPayload) => void;
  'room:gameStarting': (payload: GameStartingPayload) => void;
  'room:playerDisconnected': (payload: PlayerConnectionPayload) => void;
  'room:playerReconnected': (payload: PlayerConnectionPayload) => void;
  'room:rejoined': (payload: EnteredRoom) => void;
  'game:started': (payload: GameStartedPayload) => void;
  'game:moveMade': (payload: MoveMadePayload) => void;
  'game:finished': (payload: GameFinishedPayload) => void;
  'game:undoRequested': (payload: UndoRequestedPayload) => void;
  'game:undoApproved': (payload: UndoApprovedPayload) => void;
  'game:undoRejected': (payload: UndoRejectedPayload) => void;
  'game:forfeited': (payload: ForfeitedPayload) => void;
  'game:undoWithdrawn': (payload: UndoWithdrawnPayload) => void;
  'game:victoryClaimable': (payload: VictoryClaimablePayload) => void;
  'server:restarting': (payload: ServerRestartingPayload) => void;
}

/** The socket handshake's `auth`: a Supabase access token and/or a rejoin token. */
export interface HandshakeAuth {
  token?: string;
  rejoinToken?: string;
}

/** Error texts the server sends in acknowledgements (besides parse errors, which name the field). */
export const SERVER_ERRORS = {
  usernameRequired: 'Please enter a username',
  usernameTooLong: `Username must be at most ${USERNAME_MAX} characters`,
  roomCodeRequired: 'Please enter a room code',
  roomNotFound: 'Room not found',
  roomFull: 'Room is full',
  roomNotWaiting: 'Game already started',
  alreadyInRoom: 'Already in a room',
  notInRoom: 'Not in a room',
  notHost: 'Only the host can do that',
  comingSoon: 'Coming Soon',
  cannotStart: 'Cannot start: every player must be present and ready',
  notPlaying: 'No game in progress',
  notYourTurn: 'Not your turn',
  offGrid: 'Cell is off the board',
  occupied: 'Cell is already taken',
  undoPending: 'An undo request is already pending',
  undoNotAllowed: 'Nothing of yours to undo',
  noSuchUndo: 'No such undo request',
  cannotRespondOwnUndo: 'You cannot answer your own undo request',
  rejoinFailed: 'Cannot rejoin: the room or seat is gone',
  noRematch: 'No finished game to play again',
  opponentLeft: 'Your opponent has left the room',
  tooManyRequests: 'Too many requests',
  undoLimit: `No undo requests left (${UNDO_REQUESTS_PER_GAME} per game)`,
  notYourUndo: 'Only the player who asked can withdraw an undo request',
  cannotClaim: 'You cannot claim victory yet',
  restarting: 'The server is restarting: try again in a moment',
  unavailable: 'The game server cannot save moves right now: try again in a moment',
} as const;

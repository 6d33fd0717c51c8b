/**
 * The online room's vocabulary (SPEC §3, §4, §8): the texts the player reads, the context the
 * room statechart (./room.machine) holds, the events it takes and the notices it emits, and the
 * context it starts from and returns to on leaving. Its rules are in ./room.rules.
 */
import type { PlayerIndex } from '../engine';
import {
  DEFAULT_ROOM_SETTINGS,
  UNDO_REQUESTS_PER_GAME,
  type ClientRequest,
  type FinishReason,
  type GameStateView,
  type PendingUndoView,
  type PlayerView,
  type RatingChange,
  type RoomBoardSize,
  type RoomSettings,
  type RoomStatus,
  type TimeControl,
  type ServerEventName,
  type ServerEventPayload,
  type UnratedReason,
  type UpdateSettingsPayload,
} from '../protocol/messages';

export const ERRORS = {
  username: 'Please enter a username',
  roomCode: 'Please enter a room code',
  connect: 'Failed to connect to multiplayer server',
  listeners: 'Failed to set up WebSocket listeners',
  create: 'Failed to create room',
  join: 'Failed to join room',
  ready: 'Failed to update ready status',
  start: 'Failed to start game',
  settings: 'Failed to update settings',
  undoRejected: 'Undo request was rejected',
  requestUndo: 'Failed to request undo',
  respondUndo: 'Failed to respond to undo request',
  forfeit: 'Failed to forfeit',
  rematch: 'Failed to request a rematch',
  withdrawUndo: 'Failed to withdraw the undo request',
  claimVictory: 'Failed to claim victory',
  pool: 'Failed to look for an opponent',
} as const;

/** The non-blocking notice while the server restarts (server:restarting) until the socket is back. */
export const RESTARTING_NOTICE = 'Server restarting — reconnecting…';

export const disconnectedMessage = (reason: string) => `Disconnected from server: ${reason}`;
export const connectionErrorMessage = (message: string) => `Connection error: ${message}`;

/** How a game ended: the winner (null when aborted) and why (src/protocol/messages.ts FinishReason). */
export interface Finish {
  winner: PlayerIndex | 'draw' | null;
  reason: FinishReason;
  /** Each seat's rating before and after (seat 0 first), when the game was rated. */
  ratings: readonly [RatingChange, RatingChange] | null;
  /** Why a game that would have been rated was not (too few moves, or the pair's rated games of the day). */
  unrated: UnratedReason | null;
}

export interface CurrentRoom {
  code: string; // e.g. 'K3XQ9A'
  status: RoomStatus;
  isHost: boolean;
  /** Opened by quick play for a pair: it starts by itself, with the pool's settings. */
  quickPlay: boolean;
}

/** Quick play: in the pool, looking for an opponent with these settings. */
export interface LookingForOpponent {
  boardSize: RoomBoardSize;
  timeControl: TimeControl;
  /** Whether the game will be rated (the player is signed in). */
  rated: boolean;
  /** When the server put the player in the pool (local clock), for the time waited. */
  since: number;
}

export interface RoomContext {
  isConnected: boolean;
  connectionError: string | null; // the error area's text (SPEC §8 "Lobby" and "Game")
  currentRoom: CurrentRoom | null;
  hostId: string | null;
  players: PlayerView[]; // join order: index = player index in the game
  localPlayerId: string | null;
  roomSettings: RoomSettings;
  gameState: GameStateView | null;
  lastMoveTimestamp: number | null;
  /** Why the server refused the local player's last move ("No mirroring", a taken cell…), until the position changes. */
  moveRefusal: string | null;
  pendingUndoRequest: PendingUndoView | null;
  /** Undo requests each player has left in this game, player 0 first. */
  undoRequestsLeft: [number, number];
  /** The player who may claim victory now (their opponent, to move, has been idle), if any. */
  claimableBy: PlayerIndex | null;
  /** How the last game ended, from game:finished; null while playing or when not heard (e.g. after a rejoin). */
  finish: Finish | null;
  /** The server said it is restarting (server:restarting): a notice shows until the socket is back. */
  serverRestarting: boolean;
  isCreatingRoom: boolean;
  isJoiningRoom: boolean;
  gameCountdown: number | null; // seconds left, 3, 2, 1
  rejoinToken: string | null; // kept by the page so a reload gets back in
  /** When each absent player's grace period ends (local clock), from room:playerDisconnected. */
  awayUntil: Record<string, number>;
  inFlight: (ClientRequest & { fallback: string | null }) | null; // null fallback: only logged
  /** Looking for an opponent (quick play); null otherwise. */
  pool: LookingForOpponent | null;
  /**
   * How many watch each room the player has been in, by code (room:spectators): kept for the life
   * of the page, so a number heard just before the page shows the room is not lost.
   */
  watchers: Record<string, number>;
}

/** Server events as machine events: the protocol's name and payload. */
export type ServerMessage = { [K in ServerEventName]: { type: K; payload: ServerEventPayload<K> } }[ServerEventName];

export type SocketMessage =
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected'; reason: string }
  | { type: 'socket.error'; message: string }
  | { type: 'socket.failed'; message: string }; // the page could not connect or listen at all

export type RoomEvent =
  | SocketMessage
  | ServerMessage
  | { type: 'room.create'; username: string }
  | { type: 'room.join'; code: string; username: string }
  | { type: 'room.leave' }
  | { type: 'ready.set'; ready: boolean }
  | { type: 'settings.update'; settings: UpdateSettingsPayload }
  | { type: 'game.start' }
  | { type: 'cell.place'; row: number; col: number }
  | { type: 'undo.request' }
  | { type: 'undo.respond'; approved: boolean }
  | { type: 'undo.withdraw' }
  | { type: 'victory.claim' }
  | { type: 'forfeit' }
  /** The lobby's fields: a create or join was attempted (Enter, leaving the field) without this one. */
  | { type: 'lobby.missing'; field: 'username' | 'roomCode' }
  | { type: 'rematch.request' }
  /** Quick play: "Play online" with these settings, and its Cancel. */
  | { type: 'pool.join'; username: string; boardSize: RoomBoardSize; timeControl: TimeControl }
  | { type: 'pool.leave' }
  | { type: 'error.clear' };

/**
 * What the page tells the player in a dialog; `backToLobby` after a forfeit (SPEC §4);
 * `finished` when a game ended on a full board (the page shows Game Results with it).
 */
export interface RoomNotice {
  type: 'notice';
  message: string;
  /** A second line: a forfeit's players are told when it was not rated, and why. */
  detail?: string;
  backToLobby: boolean;
  finished?: boolean;
}

/** SPEC §4: leaving clears room, players, local id, pending undo and countdown. */
export const LEFT: Partial<RoomContext> = {
  currentRoom: null,
  hostId: null,
  players: [],
  localPlayerId: null,
  pendingUndoRequest: null,
  undoRequestsLeft: [UNDO_REQUESTS_PER_GAME, UNDO_REQUESTS_PER_GAME],
  claimableBy: null,
  finish: null,
  gameCountdown: null,
  gameState: null,
  moveRefusal: null,
  rejoinToken: null,
  awayUntil: {},
};

export const initialRoomContext: RoomContext = {
  isConnected: false,
  connectionError: null,
  currentRoom: null,
  hostId: null,
  players: [],
  localPlayerId: null,
  roomSettings: DEFAULT_ROOM_SETTINGS,
  gameState: null,
  lastMoveTimestamp: null,
  moveRefusal: null,
  pendingUndoRequest: null,
  undoRequestsLeft: [UNDO_REQUESTS_PER_GAME, UNDO_REQUESTS_PER_GAME],
  claimableBy: null,
  finish: null,
  serverRestarting: false,
  isCreatingRoom: false,
  isJoiningRoom: false,
  gameCountdown: null,
  rejoinToken: null,
  awayUntil: {},
  inFlight: null,
  pool: null,
  watchers: {},
};

/**
 * The realtime socket protocol (SPEC §7 "Realtime socket"), shared by the client and the game
 * server: its limits and error texts, and the types of its events, payloads, acknowledgements and
 * views. Everything on the wire is plain JSON. Every type is derived from a schema (./schemas,
 * valibot), and every event's from its line in one of the two event tables (CLIENT_EVENTS,
 * SERVER_EVENTS), so what is parsed is what is typed and a new event is written once.
 */
import type * as v from 'valibot';
import { MIRRORING_REFUSED } from '../game/mirrorRule';
import type * as S from './schemas';

// ---------------------------------------------------------------- limits

/**
 * Board sizes a room, quick play and the open games may use: the spec's 6, 8 and 10 (SPEC §9),
 * then the large boards 12, 14 and 16 (SPEC §5: 6–16 even). The default is 6.
 */
export const ROOM_BOARD_SIZES = [6, 8, 10, 12, 14, 16] as const;

export const ROOM_CODE_LENGTH = 6;
export const USERNAME_MAX = 20;
/** The countdown before a game starts, in seconds (one room:gameStarting per second). */
export const COUNTDOWN_SECONDS = 3;
/** How long a dropped player has to come back before forfeiting, in milliseconds. */
export const REJOIN_GRACE_MS = 60_000;
/** An undo request nobody answers lapses after this long, as a rejection. */
export const UNDO_LAPSE_MS = 30_000;
/** Undo requests each player may make in one game. */
export const UNDO_REQUESTS_PER_GAME = 3;
/**
 * In a game without clocks, when the player to move has not moved for this long the opponent
 * may claim the win (lichess's "Claim victory"); before both have moved the game is aborted.
 */
export const IDLE_CLAIM_MS = 120_000;

/**
 * A game ended by a forfeit, a player gone, a flag or a claim changes ratings only once each
 * player has made this many moves (a full board is always rated). Five of a 6×6 game's 18 moves
 * each: an exchange of one move each and a forfeit (how a second account feeds a rating) says
 * nothing of anyone's play, while a player who sees the game going wrong cannot walk away from a
 * rated loss past the opening. lichess rates from the first moves but detects boosting; we have
 * no such detection, so the game must have been played a while.
 */
export const RATED_MIN_MOVES = 5;
/**
 * Rated games between the same two accounts that change ratings in any 24 hours; later ones are
 * played and finished but not rated. One: a new account's first win is +20 (K = 40 at equal
 * ratings), a second one +18 more, so two games a day would let a second account feed 38 points
 * daily; ratings are a measure against the field, and rematches with a friend stay welcome, unrated.
 */
export const RATED_GAMES_PER_PAIR_PER_DAY = 1;

/**
 * The time controls a host may choose, as lichess writes them: minutes on each clock,
 * then the Fischer increment in seconds added after each move. 'untimed' has no clocks (the idle
 * claim above stands in for them).
 */
export const TIME_CONTROLS = ['untimed', '1+1', '3+2', '5+3', '10+5'] as const;

/** A time control's clock: the time each player starts with and the increment, in milliseconds. */
export function clockOf(timeControl: TimeControl): { initialMs: number; incrementMs: number } | null {
  if (timeControl === 'untimed') return null;
  const [minutes, seconds] = timeControl.split('+').map(Number) as [number, number];
  return { initialMs: minutes * 60_000, incrementMs: seconds * 1000 };
}

/** A room is private (found by its code or link; the default) or public (listed in the lobby too). */
export const ROOM_VISIBILITIES = ['private', 'public'] as const;

// ---------------------------------------------------------------- shared shapes
// Every payload type is the output of its schema in ./schemas (one schema per payload):
// the parsers and the types cannot drift. Field comments are on the schemas.

export type RoomBoardSize = v.InferOutput<typeof S.RoomBoardSizeSchema>;
export type RoomStatus = v.InferOutput<typeof S.RoomStatusSchema>;
export type TimeControl = v.InferOutput<typeof S.TimeControlSchema>;
export type RoomVisibility = v.InferOutput<typeof S.VisibilitySchema>;
/** boardSize (6 by default), scoringMechanism ('connection'; the others are 'Coming Soon'), maxPlayers (2), rated (true), timeControl ('untimed'), visibility ('private'), mirrorRule (true: "No mirroring"). */
export type RoomSettings = v.InferOutput<typeof S.RoomSettingsSchema>;

export const DEFAULT_ROOM_SETTINGS: RoomSettings = { boardSize: 6, scoringMechanism: 'connection', maxPlayers: 2, rated: true, timeControl: 'untimed', visibility: 'private', mirrorRule: true };

export type PlayerView = v.InferOutput<typeof S.PlayerViewSchema>;
export type PendingUndoView = v.InferOutput<typeof S.PendingUndoViewSchema>;
/** A room as the server sends it; `players` in join order (index = player index in the game). */
export type RoomView = v.InferOutput<typeof S.RoomViewSchema>;
/** A board state in JSON form: occupiedCells as two lists of 'x-y' keys, player 0 first. */
export type BoardStateJson = v.InferOutput<typeof S.BoardStateJsonSchema>;
export type GameProgress = v.InferOutput<typeof S.GameProgressSchema>;
/** A move: row is the cell's y, col its x. */
export type MoveView = v.InferOutput<typeof S.MoveViewSchema>;
/** Who sits in a seat of a game: kept with the game, so names stay with their seats after someone leaves. */
export type SeatView = v.InferOutput<typeof S.SeatViewSchema>;
/** A timed game's clocks as the server sent them (remaining ms, whose is running). */
export type ClocksView = v.InferOutput<typeof S.ClocksViewSchema>;
/** The authoritative game state a client renders (SPEC §3 "Game state", JSON form). */
export type GameStateView = v.InferOutput<typeof S.GameStateViewSchema>;

/** Acknowledgement of a client event: success with data, or an error text. */
export type Ack<T extends object = object> = ({ success: true } & T) | { success: false; error: string };

// ---------------------------------------------------------------- client → server
// Derived from the one table of client events (./schemas/client.ts CLIENT_EVENTS).

type ClientEvents = typeof S.CLIENT_EVENTS;
export type ClientEventName = keyof ClientEvents;
/** The payload of a client event, as the server's parser gives it. */
export type ClientEventPayload<E extends ClientEventName> = v.InferOutput<ClientEvents[E]['payload']>;
/** The acknowledgement of a client event, as the page's parser gives it (scores as bigints). */
export type AckOf<E extends ClientEventName> = v.InferOutput<ClientEvents[E]['ack']>;

/** socket.io's map of the client events: each payload and its acknowledgement. */
export type ClientToServerEvents = { [E in ClientEventName]: (payload: ClientEventPayload<E>, ack: (ack: AckOf<E>) => void) => void };

/** One client event to send: its name with its payload. */
export type ClientRequest = { [E in ClientEventName]: { event: E; payload: ClientEventPayload<E> } }[ClientEventName];
/** A client event that was answered: its name, the payload sent and the acknowledgement as parsed. */
export type Answered = { [E in ClientEventName]: { event: E; payload: ClientEventPayload<E>; ack: AckOf<E> } }[ClientEventName];

/** One or more of the room's settings (the host's change). */
export type UpdateSettingsPayload = ClientEventPayload<'room:updateSettings'>;
/** Quick play: the lobby's username, the board size and the time control to be paired for. */
export type JoinPoolPayload = ClientEventPayload<'pool:join'>;
/** The payload of an event without data. */
export type EmptyPayload = v.InferOutput<typeof S.EmptyPayloadSchema>;
/** What a spectator gets back on starting to watch: the room, its game (if any), its result (if over) and the number watching. */
export type WatchedRoom = v.InferOutput<typeof S.WatchedRoomSchema>;
/** What a client gets back on entering a room (create, join, rejoin); keep `rejoinToken` for after a drop. */
export type EnteredRoom = v.InferOutput<typeof S.EnteredRoomSchema>;

// ---------------------------------------------------------------- server → client
// Derived from the one table of server events (./schemas/server.ts SERVER_EVENTS).

type ServerEvents = typeof S.SERVER_EVENTS;
export type ServerEventName = keyof ServerEvents;
/** The payload of a server event, as the page's parser gives it (scores as bigints). */
export type ServerEventPayload<E extends ServerEventName> = v.InferOutput<ServerEvents[E]>;
/** socket.io's map of the server events. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };

/** The outcome of a rated game for one player (both players signed in). */
export type RatingChange = v.InferOutput<typeof S.RatingChangeSchema>;
/**
 * 'aborted': the game ended before both players had moved (a forfeit, a player gone, or the
 * first player idle): no winner, not rated. 'claimed': the opponent of an idle player claimed victory;
 * 'timeout': the player to move ran out of time.
 */
export type FinishReason = v.InferOutput<typeof S.FinishReasonSchema>;
/** Why a finished game between two signed-in players in a rated room changed no rating. */
export type UnratedReason = v.InferOutput<typeof S.UnratedReasonSchema>;
/** winner is null when the game was aborted; ratings come with a rated game, unrated says why not. */
export type GameFinishedPayload = ServerEventPayload<'game:finished'>;
export type ForfeitedPayload = ServerEventPayload<'game:forfeited'>;
/** A public room waiting for an opponent, as the lobby lists it. */
export type OpenGameView = v.InferOutput<typeof S.OpenGameViewSchema>;
/** How many are watching the room now (sent when it changes, at most a few times a second). */
export type SpectatorsPayload = ServerEventPayload<'room:spectators'>;

/**
 * A value as it travels on the socket: every exact score (a bigint in the game) as its decimal
 * string, everything else as it is. The schemas parse it back (ScoreTextSchema).
 */
export type Wire<T> = T extends bigint ? string : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

/**
 * The server → client events as the server sends them: the same payloads with scores as decimal
 * strings (ServerToClientEvents types them as the page has them once parsed, scores as bigints).
 */
export type ServerToClientWireEvents = { [E in ServerEventName]: (payload: Wire<ServerEventPayload<E>>) => void };

/** The client → server events as a server answers them: acknowledgements with scores as decimal strings. */
export type ClientToServerWireEvents = { [E in ClientEventName]: (payload: ClientEventPayload<E>, ack: (ack: Wire<AckOf<E>>) => void) => void };

/**
 * The client events as the server hears them: whatever a client claims to send arrives as
 * unknown, and the transport parses it with the event's schema (server/src/rooms/edge/transport.ts).
 */
export type ClientToServerUntrusted = { [E in ClientEventName]: (...args: unknown[]) => void };

/** Events between server nodes: none (socket.io's third type parameter). */
export type InterServerEvents = Record<string, never>;

/** The socket handshake's `auth`: a Supabase access token and/or a rejoin token. */
export type HandshakeAuth = v.InferOutput<typeof S.HandshakeAuthSchema>;

/** Error texts the server sends in acknowledgements (besides parse errors, which name the field). */
export const SERVER_ERRORS = {
  usernameRequired: 'Please enter a username',
  usernameTooLong: `Username must be at most ${USERNAME_MAX} characters`,
  /** Control characters (a NUL the database cannot store, line breaks) or half of a surrogate pair. */
  usernameUnprintable: 'Username contains characters that are not allowed',
  roomCodeRequired: 'Please enter a room code',
  roomNotFound: 'Room not found',
  /** Several nodes: to a client that follows (handshake `follow`), with `node`: join again on that node. */
  roomElsewhere: 'The room is on another server: connecting to it…',
  roomFull: 'Room is full',
  nameTaken: 'That name is taken in this room',
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
  /** "No mirroring": the move would leave the mover's cells the opponent's turned or flipped. */
  mirroring: MIRRORING_REFUSED,
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
  /** The database refused to store the command (bad data): it did not happen, and the room is as its log has it. */
  notSaved: 'The server could not save that, so it did not happen: the room is back as it was before it',
  /** The settings of a room of quick play are the ones both players were paired for. */
  pairedSettings: 'A quick-play game keeps the settings it was paired with',
  /** Any command of a socket that is watching a room. */
  spectatorsCannotPlay: 'Spectators cannot play',
} as const;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const rooms = (n: number) => `${n} public room${n === 1 ? '' : 's'}`;

/** Refusals of the limits per client address and account (server/src/rooms/edge/client-limits.ts). */
export const LIMIT_ERRORS = {
  /** The socket handshake's error: the address holds as many connections as it may. */
  tooManyConnections: 'Too many connections from your network: close a few tabs, or try again later',
  /** Too many room codes that do not exist. */
  tooManyRequestsFor: (ms: number) => `Too many requests: try again in ${seconds(ms)} s`,
  publicRoomsPerAddress: (n: number) => `Your network already has ${rooms(n)}: make one of them private first`,
  publicRoomsPerAccount: (n: number) => `You already have ${rooms(n)}: make one of them private first`,
  /** Quick play: paired, the player never came into the room. */
  noShow: (ms: number) => `You did not join your last game: you can play online again in ${seconds(ms)} s`,
} as const;

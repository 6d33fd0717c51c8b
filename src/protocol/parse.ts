/**
 * Parsing socket payloads from `unknown` into the typed values of messages.ts, once, at the
 * edge (ARCHITECTURE.md rule 4): thin wrappers over the schemas of ./schemas. Each failure
 * names the field, or is the SERVER_ERRORS text a player sees (usernames, room codes).
 * Client → server payloads are parsed by the server; acknowledgements and the views the
 * server sends by the page (whole server events with parseServerEvent, server-events.ts).
 */
import { parseBoardState } from '../engine/boardState';
import type { BoardState, ScoringMechanism } from '../engine/types';
import type {
  AckFailure,
  AckOf,
  ClientEventName,
  CreateRoomPayload,
  EmptyPayload,
  GameStateView,
  HandshakeAuth,
  JoinPoolPayload,
  JoinRoomPayload,
  MovePayload,
  PlayerView,
  RejoinPayload,
  RespondUndoPayload,
  RoomBoardSize,
  RoomView,
  SetReadyPayload,
  UpdateSettingsPayload,
  WatchRoomPayload,
} from './messages';
import {
  ACK_SCHEMAS,
  CLIENT_PAYLOAD_SCHEMAS,
  CreateRoomPayloadSchema,
  EmptyPayloadSchema,
  GameStateViewSchema,
  HandshakeAuthSchema,
  JoinPoolPayloadSchema,
  JoinRoomPayloadSchema,
  MovePayloadSchema,
  PlayerViewSchema,
  RejoinPayloadSchema,
  RespondUndoPayloadSchema,
  RoomBoardSizeSchema,
  RoomCodeSchema,
  RoomViewSchema,
  ScoringMechanismSchema,
  SetReadyPayloadSchema,
  UpdateSettingsPayloadSchema,
  UsernameSchema,
  WatchRoomPayloadSchema,
  parseWith,
  type Parsed,
} from './schemas';

export type { Parsed } from './schemas';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A lobby username: 1..20 characters (SPEC §5) that all show, trimmed and NFKC-normalised (src/game/names.ts). */
export const parseUsername = (value: unknown): Parsed<string> => parseWith(UsernameSchema, value, 'username');

/** A room code: trimmed and upper-cased; blank is 'Please enter a room code', a malformed one 'Room not found'. */
export const parseRoomCode = (value: unknown): Parsed<string> => parseWith(RoomCodeSchema, value, 'code');

/** A room board size: 6, 8, 10, 12, 14 or 16 (numbers or their strings). */
export const parseRoomBoardSize = (value: unknown): Parsed<RoomBoardSize> => parseWith(RoomBoardSizeSchema, value, 'boardSize');

export const parseScoring = (value: unknown): Parsed<ScoringMechanism> => parseWith(ScoringMechanismSchema, value, 'scoringMechanism');

// ---------------------------------------------------------------- client events (for the server)

export const parseCreateRoom = (input: unknown): Parsed<CreateRoomPayload> => parseWith(CreateRoomPayloadSchema, input);
export const parseJoinRoom = (input: unknown): Parsed<JoinRoomPayload> => parseWith(JoinRoomPayloadSchema, input);
export const parseSetReady = (input: unknown): Parsed<SetReadyPayload> => parseWith(SetReadyPayloadSchema, input);
/** boardSize, scoringMechanism, rated, timeControl and/or visibility; at least one. (Whether a mode is offered is the server's rule.) */
export const parseUpdateSettings = (input: unknown): Parsed<UpdateSettingsPayload> => parseWith(UpdateSettingsPayloadSchema, input);
/** A move {row, col} (row = y, col = x): whole numbers; the grid bounds are the server's check. */
export const parseMove = (input: unknown): Parsed<MovePayload> => parseWith(MovePayloadSchema, input);
export const parseRespondUndo = (input: unknown): Parsed<RespondUndoPayload> => parseWith(RespondUndoPayloadSchema, input);
export const parseRejoin = (input: unknown): Parsed<RejoinPayload> => parseWith(RejoinPayloadSchema, input);
/** Quick play: username, board size (ROOM_BOARD_SIZES) and time control (TIME_CONTROLS). */
export const parseJoinPool = (input: unknown): Parsed<JoinPoolPayload> => parseWith(JoinPoolPayloadSchema, input);
/** The room to watch, by its code. */
export const parseWatchRoom = (input: unknown): Parsed<WatchRoomPayload> => parseWith(WatchRoomPayloadSchema, input);
/** Events without data: nothing, or an empty object. */
export const parseEmpty = (input: unknown): Parsed<EmptyPayload> => parseWith(EmptyPayloadSchema, input);

/** Any client event's payload, by the event's name. */
export const parseClientPayload = <E extends ClientEventName>(event: E, input: unknown) => parseWith(CLIENT_PAYLOAD_SCHEMAS[event], input);

/** The handshake `auth`: optional token and rejoinToken strings; anything else is ignored. */
export function parseHandshakeAuth(input: unknown): HandshakeAuth {
  const parsed = parseWith(HandshakeAuthSchema, input);
  return parsed.ok ? parsed.value : {};
}

// ---------------------------------------------------------------- what the server sends (for the page)

/** A player sent by the server; missing connected/signedIn default to true/false. */
export const parsePlayerView = (input: unknown): Parsed<PlayerView> => parseWith(PlayerViewSchema, input, 'player');

/** A room sent by the server. */
export const parseRoomView = (input: unknown): Parsed<RoomView> => parseWith(RoomViewSchema, input, 'room');

/** A game state sent by the server, with its board also as the engine's BoardState (sets). */
export function parseGameStateView(input: unknown): Parsed<GameStateView & { board: BoardState }> {
  const parsed = parseWith(GameStateViewSchema, input, 'gameState');
  if (!parsed.ok) return parsed;
  // The schema has checked the board with this same parser: it cannot fail here.
  const board = parseBoardState(parsed.value.boardState);
  return board.ok ? { ok: true, value: { ...parsed.value, board: board.value } } : { ok: false, error: `gameState.boardState ${board.error}` };
}

/**
 * A client event's acknowledgement, by the event's name. A malformed one becomes a refusal
 * whose error names the field, so a caller handles it as any other failed request.
 */
export function parseAck<E extends ClientEventName>(event: E, value: unknown): AckOf<E> | AckFailure {
  const parsed = parseWith(ACK_SCHEMAS[event], value);
  return parsed.ok ? parsed.value : { success: false, error: `Malformed acknowledgement of ${event}: ${parsed.error}` };
}

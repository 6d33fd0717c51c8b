/**
 * Parsing socket payloads from `unknown` into the typed values of messages.ts, once, at the
 * edge (ARCHITECTURE.md rule 4): thin wrappers over the schemas of ./schemas. Each failure
 * names the field, or is the SERVER_ERRORS text a player sees (usernames, room codes).
 * Client → server payloads are parsed by the server; acknowledgements and the views the
 * server sends by the page (whole server events with parseServerEvent, server-events.ts).
 */
import { parseBoardState } from '../engine/boardState';
import type { BoardState, ScoringMechanism } from '../engine/types';
import type { AckOf, Answered, ClientEventName, ClientEventPayload, GameStateView, HandshakeAuth, ClientRequest, PlayerView, RoomBoardSize, RoomView } from './messages';
import {
  CLIENT_EVENTS,
  GameStateViewSchema,
  HandshakeAuthSchema,
  PlayerViewSchema,
  RoomBoardSizeSchema,
  RoomCodeSchema,
  RoomViewSchema,
  ScoringMechanismSchema,
  UsernameSchema,
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

/** A client event's payload, by the event's name (./schemas CLIENT_EVENTS). */
export const parseClientPayload = <E extends ClientEventName>(event: E, input: unknown): Parsed<ClientEventPayload<E>> =>
  parseWith(CLIENT_EVENTS[event].payload, input);

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
export function parseAck<E extends ClientEventName>(event: E, value: unknown): AckOf<E> {
  const parsed = parseWith(CLIENT_EVENTS[event].ack, value);
  // A refusal is an acknowledgement of every event.
  return parsed.ok ? parsed.value : ({ success: false, error: `Malformed acknowledgement of ${event}: ${parsed.error}` } as AckOf<E>);
}

/** The acknowledgement of a request, parsed, with the request: the page's machines switch on the event and have both typed. */
export function parseAnswer(request: ClientRequest, value: unknown): Answered {
  // The acknowledgement parsed by the schema of `request.event` is that event's; TypeScript
  // cannot correlate the union's members through the parse.
  return { event: request.event, payload: request.payload, ack: parseAck(request.event, value) } as Answered;
}

/**
 * Parsing the server → client events (ServerToClientEvents) from `unknown` into their typed
 * payloads, once, where they enter the page (ARCHITECTURE.md rule 4). A failure names the
 * event's field; the caller drops the event.
 */
import type { PlayerIndex, Scores } from '../engine';
import {
  SERVER_EVENTS,
  type EnteredRoom,
  type FinishReason,
  type GameStateView,
  type MoveView,
  type PlayerView,
  type RatingChange,
  type RoomView,
  type ServerToClientEvents,
} from './messages';
import { isRecord, parseGameStateView, parsePlayerView, parseRoomBoardSize, parseRoomView, parseScoring, type Parsed } from './parse';

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<K extends ServerEventName> = Parameters<ServerToClientEvents[K]>[0];
/** A server event as a typed message: its protocol name and its parsed payload. */
export type ServerEventMessage = { [K in ServerEventName]: { type: K; payload: ServerEventPayload<K> } }[ServerEventName];
export type ParsedServerEvent = { ok: true; message: ServerEventMessage } | { ok: false; error: string };

const SERVER_EVENT_NAMES: readonly string[] = Object.values(SERVER_EVENTS);
export const isServerEventName = (name: string): name is ServerEventName => SERVER_EVENT_NAMES.includes(name);

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });
const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

const isPlayerIndex = (value: unknown): value is PlayerIndex => value === 0 || value === 1;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** One payload's fields; each failure names its field (parseServerEvent adds the event). */
type Fields = Record<string, unknown>;

function text(body: Fields, field: string): Parsed<string> {
  const value = body[field];
  return typeof value === 'string' && value.length > 0 ? ok(value) : fail(`${field} must be a non-empty string, got ${show(value)}`);
}

function playerList(body: Fields, field = 'players'): Parsed<PlayerView[]> {
  const value = body[field];
  if (!Array.isArray(value)) return fail(`${field} must be a list, got ${show(value)}`);
  const list: PlayerView[] = [];
  for (const item of value) {
    const player = parsePlayerView(item);
    if (!player.ok) return fail(`${field}: ${player.error}`);
    list.push(player.value);
  }
  return ok(list);
}

function room(body: Fields): Parsed<RoomView> {
  const parsed = parseRoomView(body.room);
  return parsed.ok ? parsed : fail(`room: ${parsed.error}`);
}

/** The view alone: parseGameStateView's engine board (sets) stays out of the message. */
function gameState(body: Fields, field = 'gameState'): Parsed<GameStateView> {
  const parsed = parseGameStateView(body[field]);
  if (!parsed.ok) return fail(`${field}: ${parsed.error}`);
  const { board: _board, ...view } = parsed.value;
  return ok(view);
}

function moveView(value: unknown): Parsed<MoveView> {
  if (!isRecord(value)) return fail(`move must be an object, got ${show(value)}`);
  const { row, col, player } = value;
  if (!Number.isInteger(row) || !Number.isInteger(col) || !isPlayerIndex(player)) {
    return fail(`move needs whole-number row and col and player 0 or 1, got ${show(value)}`);
  }
  return ok({ row: row as number, col: col as number, player });
}

function scores(value: unknown): Parsed<Scores> {
  if (Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number')) {
    return ok([value[0] as number, value[1] as number]);
  }
  return fail(`scores must be two numbers, got ${show(value)}`);
}

function rating(value: unknown): Parsed<RatingChange> {
  if (isRecord(value) && typeof value.playerId === 'string' && typeof value.before === 'number' && typeof value.after === 'number') {
    return ok({ playerId: value.playerId, before: value.before, after: value.after });
  }
  return fail(`ratings must be {playerId, before, after}, got ${show(value)}`);
}

const FINISH_REASONS: readonly FinishReason[] = ['board-full', 'forfeit', 'abandoned'];

type Parser<K extends ServerEventName> = (body: Fields) => Parsed<ServerEventPayload<K>>;

/** Runs the field parsers in order; the first failure wins. */
function all<T extends object>(parts: { [F in keyof T]: Parsed<T[F]> }): Parsed<T> {
  const value: Partial<T> = {};
  for (const key of Object.keys(parts) as (keyof T)[]) {
    const part = parts[key];
    if (!part.ok) return part;
    value[key] = part.value;
  }
  return ok(value as T);
}

const entered: Parser<'room:rejoined'> = (body) => {
  const state = body.gameState === null || body.gameState === undefined ? ok(null) : gameState(body);
  return all<EnteredRoom>({ room: room(body), playerId: text(body, 'playerId'), rejoinToken: text(body, 'rejoinToken'), gameState: state });
};

const connection: Parser<'room:playerDisconnected'> = (body) => {
  const parsed = all({ playerId: text(body, 'playerId'), players: playerList(body), room: room(body) });
  if (!parsed.ok || body.graceMs === undefined) return parsed;
  return isCount(body.graceMs) ? ok({ ...parsed.value, graceMs: body.graceMs }) : fail(`graceMs must be a number, got ${show(body.graceMs)}`);
};

const PARSERS: { [K in ServerEventName]: Parser<K> } = {
  'room:playerJoined': (body) => {
    const player = parsePlayerView(body.player);
    return all({ player: player.ok ? player : fail(`player: ${player.error}`), players: playerList(body), room: room(body) });
  },
  'room:playerLeft': (body) => all({ playerId: text(body, 'playerId'), players: playerList(body), hostId: text(body, 'hostId'), room: room(body) }),
  'room:settingsUpdated': (body) => {
    const settings = body.settings;
    if (!isRecord(settings)) return fail(`settings must be an object, got ${show(settings)}`);
    const size = parseRoomBoardSize(settings.boardSize);
    if (!size.ok) return fail(`settings: ${size.error}`);
    const mode = parseScoring(settings.scoringMechanism);
    if (!mode.ok) return fail(`settings: ${mode.error}`);
    const maxPlayers = typeof settings.maxPlayers === 'number' ? settings.maxPlayers : 2;
    const parsed = room(body);
    return parsed.ok ? ok({ settings: { boardSize: size.value, scoringMechanism: mode.value, maxPlayers }, room: parsed.value }) : parsed;
  },
  'room:playerReady': (body) => {
    const ready = typeof body.ready === 'boolean' ? ok(body.ready) : fail(`ready must be true or false, got ${show(body.ready)}`);
    return all({ playerId: text(body, 'playerId'), ready, players: playerList(body), room: room(body) });
  },
  'room:gameStarting': (body) => {
    const countdown = isCount(body.countdown) ? ok(body.countdown) : fail(`countdown must be a number of seconds, got ${show(body.countdown)}`);
    return all({ countdown, room: room(body) });
  },
  'room:playerDisconnected': connection,
  'room:playerReconnected': connection,
  'room:rejoined': entered,
  'game:started': (body) => all({ room: room(body), gameState: gameState(body) }),
  'game:moveMade': (body) => all({ gameState: gameState(body), move: moveView(body.move) }),
  'game:finished': (body) => {
    const { winner, reason, ratings } = body;
    const won: Parsed<PlayerIndex | 'draw'> = isPlayerIndex(winner) || winner === 'draw' ? ok(winner) : fail(`winner must be 0, 1 or draw, got ${show(winner)}`);
    const why = FINISH_REASONS.find((r) => r === reason);
    const parsed = all({
      winner: won,
      scores: scores(body.scores),
      reason: why ? ok(why) : fail(`reason must be one of ${FINISH_REASONS.join(', ')}, got ${show(reason)}`),
      gameState: gameState(body),
      room: room(body),
    });
    if (!parsed.ok || ratings === undefined || ratings === null) return parsed;
    if (!Array.isArray(ratings) || ratings.length !== 2) return fail(`ratings must be two rating changes, got ${show(ratings)}`);
    const first = rating(ratings[0]);
    if (!first.ok) return first;
    const second = rating(ratings[1]);
    if (!second.ok) return second;
    return ok({ ...parsed.value, ratings: [first.value, second.value] });
  },
  'game:undoRequested': (body) => {
    const by = isPlayerIndex(body.requestedBy) ? ok(body.requestedBy) : fail(`requestedBy must be 0 or 1, got ${show(body.requestedBy)}`);
    return all({ requestId: text(body, 'requestId'), requestedBy: by, playerId: text(body, 'playerId') });
  },
  'game:undoApproved': (body) => all({ requestId: text(body, 'requestId'), gameState: gameState(body) }),
  'game:undoRejected': (body) => all({ requestId: text(body, 'requestId') }),
  'game:forfeited': (body) => {
    const { forfeitingPlayer: who, winner, reason } = body;
    if (!isRecord(who) || typeof who.id !== 'string' || typeof who.username !== 'string' || !isPlayerIndex(who.index)) {
      return fail(`forfeitingPlayer must be {id, username, index}, got ${show(who)}`);
    }
    if (!isPlayerIndex(winner)) return fail(`winner must be 0 or 1, got ${show(winner)}`);
    if (reason !== 'forfeit' && reason !== 'abandoned') return fail(`reason must be forfeit or abandoned, got ${show(reason)}`);
    return ok({ forfeitingPlayer: { id: who.id, username: who.username, index: who.index }, winner, reason });
  },
};

function parseNamed<K extends ServerEventName>(name: K, body: Fields): ParsedServerEvent {
  const parsed = PARSERS[name](body);
  if (!parsed.ok) return { ok: false, error: `${name}: ${parsed.error}` };
  // PARSERS[name] returns the payload of `name`; TypeScript cannot correlate the two through K.
  return { ok: true, message: { type: name, payload: parsed.value } as ServerEventMessage };
}

/** One server event: its name and payload, or an error naming the event and the problem. */
export function parseServerEvent(name: string, payload: unknown): ParsedServerEvent {
  if (!isServerEventName(name)) return { ok: false, error: `unknown server event ${show(name)}` };
  if (!isRecord(payload)) return { ok: false, error: `${name}: expected an object payload, got ${show(payload)}` };
  return parseNamed(name, payload);
}

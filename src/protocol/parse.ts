/**
 * Parsing socket payloads from `unknown` into the typed values of messages.ts, once,
 * at the edge (ARCHITECTURE.md rule 4). Each failure names the problem.
 * Client → server payloads are parsed by the server; the views the server sends
 * are parsed by the client with parseRoomView / parseGameStateView, and whole server
 * events with parseServerEvent (server-events.ts).
 */
import { parseBoardState, SCORING_MECHANISMS, type BoardState, type PlayerIndex, type ScoringMechanism } from '../engine';
import {
  ROOM_BOARD_SIZES,
  ROOM_CODE_LENGTH,
  SERVER_ERRORS,
  USERNAME_MAX,
  type CreateRoomPayload,
  type GameStateView,
  type JoinRoomPayload,
  type MovePayload,
  type PlayerView,
  type RejoinPayload,
  type RespondUndoPayload,
  type RoomBoardSize,
  type RoomStatus,
  type RoomView,
  type SetReadyPayload,
  type UpdateSettingsPayload,
} from './messages';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });
const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function record(input: unknown): Parsed<Record<string, unknown>> {
  return isRecord(input) ? ok(input) : fail(`expected an object payload, got ${show(input)}`);
}

/** A lobby username: trimmed, 1..20 characters (SPEC §5). */
export function parseUsername(value: unknown): Parsed<string> {
  if (value === undefined || value === null) return fail(SERVER_ERRORS.usernameRequired);
  if (typeof value !== 'string') return fail(`username must be a string, got ${show(value)}`);
  const name = value.trim();
  if (name.length === 0) return fail(SERVER_ERRORS.usernameRequired);
  if ([...name].length > USERNAME_MAX) return fail(SERVER_ERRORS.usernameTooLong);
  return ok(name);
}

/** A room code: trimmed and upper-cased; blank is 'Please enter a room code'. */
export function parseRoomCode(value: unknown): Parsed<string> {
  if (value === undefined || value === null) return fail(SERVER_ERRORS.roomCodeRequired);
  if (typeof value !== 'string') return fail(`code must be a string, got ${show(value)}`);
  const code = value.trim().toUpperCase();
  if (code.length === 0) return fail(SERVER_ERRORS.roomCodeRequired);
  // A well-formed string that cannot be a code names no room.
  if (code.length !== ROOM_CODE_LENGTH || !/^[A-Z0-9]+$/.test(code)) return fail(SERVER_ERRORS.roomNotFound);
  return ok(code);
}

export function parseCreateRoom(input: unknown): Parsed<CreateRoomPayload> {
  const body = record(input);
  if (!body.ok) return body;
  const username = parseUsername(body.value.username);
  return username.ok ? ok({ username: username.value }) : username;
}

export function parseJoinRoom(input: unknown): Parsed<JoinRoomPayload> {
  const body = record(input);
  if (!body.ok) return body;
  const username = parseUsername(body.value.username);
  if (!username.ok) return username;
  const code = parseRoomCode(body.value.code);
  return code.ok ? ok({ code: code.value, username: username.value }) : code;
}

export function parseSetReady(input: unknown): Parsed<SetReadyPayload> {
  const body = record(input);
  if (!body.ok) return body;
  const { ready } = body.value;
  return typeof ready === 'boolean' ? ok({ ready }) : fail(`ready must be true or false, got ${show(ready)}`);
}

/** A room board size: 6, 8 or 10 (numbers or their strings). */
export function parseRoomBoardSize(value: unknown): Parsed<RoomBoardSize> {
  const size = ROOM_BOARD_SIZES.find((s) => s === value || String(s) === value);
  return size ? ok(size) : fail(`boardSize must be 6, 8 or 10, got ${show(value)}`);
}

export function parseScoring(value: unknown): Parsed<ScoringMechanism> {
  const mode = SCORING_MECHANISMS.find((m) => m === value);
  return mode ? ok(mode) : fail(`scoringMechanism must be connection, expansion or extension, got ${show(value)}`);
}

/** boardSize and/or scoringMechanism; at least one. (Whether a mode is offered is the server's rule.) */
export function parseUpdateSettings(input: unknown): Parsed<UpdateSettingsPayload> {
  const body = record(input);
  if (!body.ok) return body;
  const { boardSize, scoringMechanism } = body.value;
  if (boardSize === undefined && scoringMechanism === undefined) return fail('expected boardSize or scoringMechanism');
  const value: UpdateSettingsPayload = {};
  if (boardSize !== undefined) {
    const size = parseRoomBoardSize(boardSize);
    if (!size.ok) return size;
    value.boardSize = size.value;
  }
  if (scoringMechanism !== undefined) {
    const mode = parseScoring(scoringMechanism);
    if (!mode.ok) return mode;
    value.scoringMechanism = mode.value;
  }
  return ok(value);
}

const isCoordinate = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** A move {row, col} (row = y, col = x): whole numbers; the grid bounds are the server's check. */
export function parseMove(input: unknown): Parsed<MovePayload> {
  const body = record(input);
  if (!body.ok) return body;
  const { row, col } = body.value;
  if (!isCoordinate(row)) return fail(`row must be a whole number, got ${show(row)}`);
  if (!isCoordinate(col)) return fail(`col must be a whole number, got ${show(col)}`);
  return ok({ row, col });
}

export function parseRespondUndo(input: unknown): Parsed<RespondUndoPayload> {
  const body = record(input);
  if (!body.ok) return body;
  const { requestId, approved } = body.value;
  if (typeof requestId !== 'string' || requestId.length === 0 || requestId.length > 100) {
    return fail(`requestId must be a non-empty string, got ${show(requestId)}`);
  }
  if (typeof approved !== 'boolean') return fail(`approved must be true or false, got ${show(approved)}`);
  return ok({ requestId, approved });
}

export function parseRejoin(input: unknown): Parsed<RejoinPayload> {
  const body = record(input);
  if (!body.ok) return body;
  const { rejoinToken } = body.value;
  if (typeof rejoinToken !== 'string' || rejoinToken.length === 0 || rejoinToken.length > 200) {
    return fail('rejoinToken must be a non-empty string');
  }
  return ok({ rejoinToken });
}

/** Events without data: nothing, or an empty object. */
export function parseEmpty(input: unknown): Parsed<Record<string, never>> {
  if (input === undefined || input === null) return ok({});
  if (isRecord(input) && Object.keys(input).length === 0) return ok({});
  return fail(`expected no payload (or {}), got ${show(input)}`);
}

/** The handshake `auth`: optional token and rejoinToken strings; anything else is ignored. */
export function parseHandshakeAuth(input: unknown): { token?: string; rejoinToken?: string } {
  if (!isRecord(input)) return {};
  const pick = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length < 4096 ? value : undefined);
  return { token: pick(input.token), rejoinToken: pick(input.rejoinToken) };
}

// ---------------------------------------------------------------- views (for the client)

const ROOM_STATUSES: readonly RoomStatus[] = ['waiting', 'starting', 'playing', 'finished'];
const isPlayerIndex = (value: unknown): value is PlayerIndex => value === 0 || value === 1;
const isNumberList = (value: unknown): value is number[] => Array.isArray(value) && value.every((n) => typeof n === 'number');

/** A player sent by the server; missing connected/signedIn default to true/false. */
export function parsePlayerView(input: unknown): Parsed<PlayerView> {
  if (!isRecord(input)) return fail('player must be an object');
  const { id, username, ready, connected, signedIn } = input;
  if (typeof id !== 'string' || typeof username !== 'string' || typeof ready !== 'boolean') {
    return fail('player needs id, username and ready');
  }
  return ok({ id, username, ready, connected: connected !== false, signedIn: signedIn === true });
}

/** A room sent by the server. */
export function parseRoomView(input: unknown): Parsed<RoomView> {
  if (!isRecord(input)) return fail('room must be an object');
  const { code, status, hostId, isHost, players, settings, pendingUndo } = input;
  if (typeof code !== 'string') return fail('room.code must be a string');
  const known = ROOM_STATUSES.find((s) => s === status);
  if (!known) return fail(`room.status must be one of ${ROOM_STATUSES.join(', ')}`);
  if (typeof hostId !== 'string') return fail('room.hostId must be a string');
  if (!Array.isArray(players)) return fail('room.players must be a list');
  const list: PlayerView[] = [];
  for (const p of players) {
    const player = parsePlayerView(p);
    if (!player.ok) return player;
    list.push(player.value);
  }
  if (!isRecord(settings)) return fail('room.settings must be an object');
  const size = parseRoomBoardSize(settings.boardSize);
  if (!size.ok) return size;
  const mode = parseScoring(settings.scoringMechanism);
  if (!mode.ok) return mode;
  const maxPlayers = typeof settings.maxPlayers === 'number' ? settings.maxPlayers : 2;
  let undo: RoomView['pendingUndo'] = null;
  if (isRecord(pendingUndo) && typeof pendingUndo.requestId === 'string' && isPlayerIndex(pendingUndo.requestedBy)) {
    undo = { requestId: pendingUndo.requestId, requestedBy: pendingUndo.requestedBy };
  }
  return ok({
    code,
    status: known,
    hostId,
    ...(typeof isHost === 'boolean' ? { isHost } : {}),
    players: list,
    settings: { boardSize: size.value, scoringMechanism: mode.value, maxPlayers },
    pendingUndo: undo,
  });
}

/** A game state sent by the server, with its board also as the engine's BoardState (sets). */
export function parseGameStateView(input: unknown): Parsed<GameStateView & { board: BoardState }> {
  if (!isRecord(input)) return fail('gameState must be an object');
  const board = parseBoardState(input.boardState);
  if (!board.ok) return board;
  const { scores, currentPlayer, progress, scoreHistory1, scoreHistory2, scoringMechanism, moveCount, lastMove } = input;
  if (!isNumberList(scores) || scores.length !== 2) return fail('gameState.scores must be two numbers');
  if (!isPlayerIndex(currentPlayer)) return fail('gameState.currentPlayer must be 0 or 1');
  if (progress !== 'playing' && progress !== 'over') return fail('gameState.progress must be playing or over');
  if (!isNumberList(scoreHistory1) || !isNumberList(scoreHistory2)) return fail('gameState score histories must be number lists');
  const mode = parseScoring(scoringMechanism);
  if (!mode.ok) return mode;
  let last: GameStateView['lastMove'] = null;
  if (isRecord(lastMove) && isCoordinate(lastMove.row) && isCoordinate(lastMove.col) && isPlayerIndex(lastMove.player)) {
    last = { row: lastMove.row, col: lastMove.col, player: lastMove.player };
  }
  const [a, b] = board.value.occupiedCells;
  return ok({
    boardState: { occupiedCells: [[...a], [...b]], gridWidth: board.value.gridWidth, gridHeight: board.value.gridHeight },
    board: board.value,
    scores: [scores[0] ?? 0, scores[1] ?? 0],
    currentPlayer,
    progress,
    scoreHistory1,
    scoreHistory2,
    scoringMechanism: mode.value,
    moveCount: typeof moveCount === 'number' ? moveCount : scoreHistory1.length,
    lastMove: last,
  });
}

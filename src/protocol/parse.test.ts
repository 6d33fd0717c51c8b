// Socket payloads parsed at the edge: typed values, or an error that names the problem.
import { describe, expect, it } from 'vitest';
import { entered, gameState, parsedEntered, parsedGameState, room } from './messages.testkit';
import { CLIENT_EVENT_NAMES } from './events';
import { SERVER_ERRORS } from './messages';
import {
  parseAck,
  parseClientPayload,
  parseGameStateView,
  parseHandshakeAuth,
  parseRoomCode,
  parseRoomView,
  parseUsername,
} from './parse';

// Each event's payload, as the server's transport parses it.
const parseCreateRoom = (input: unknown) => parseClientPayload('room:create', input);
const parseJoinRoom = (input: unknown) => parseClientPayload('room:join', input);
const parseSetReady = (input: unknown) => parseClientPayload('room:setReady', input);
const parseUpdateSettings = (input: unknown) => parseClientPayload('room:updateSettings', input);
const parseMove = (input: unknown) => parseClientPayload('game:move', input);
const parseRespondUndo = (input: unknown) => parseClientPayload('game:respondUndo', input);
const parseRejoin = (input: unknown) => parseClientPayload('room:rejoin', input);
const parseJoinPool = (input: unknown) => parseClientPayload('pool:join', input);
const parseEmpty = (input: unknown) => parseClientPayload('game:start', input);

describe('client payloads', () => {
  it('usernames are trimmed, required and at most 20 characters', () => {
    expect(parseCreateRoom({ username: '  Ann ' })).toEqual({ ok: true, value: { username: 'Ann' } });
    expect(parseCreateRoom({ username: ' ' })).toEqual({ ok: false, error: SERVER_ERRORS.usernameRequired });
    expect(parseCreateRoom({})).toEqual({ ok: false, error: 'Please enter a username' });
    expect(parseCreateRoom({ username: null })).toEqual({ ok: false, error: 'Please enter a username' });
    expect(parseCreateRoom({ username: 'a'.repeat(20) }).ok).toBe(true);
    // Characters, not UTF-16 units: twenty emoji are a username.
    expect(parseCreateRoom({ username: '🙂'.repeat(20) }).ok).toBe(true);
    expect(parseCreateRoom({ username: 'a'.repeat(21) })).toEqual({ ok: false, error: 'Username must be at most 20 characters' });
    expect(parseCreateRoom({ username: 7 })).toEqual({ ok: false, error: 'username must be a string, got 7' });
    expect(parseCreateRoom('Ann')).toEqual({ ok: false, error: 'expected an object payload, got "Ann"' });
    expect(parseUsername(' Bo ')).toEqual({ ok: true, value: 'Bo' });
    expect(parseUsername(undefined)).toEqual({ ok: false, error: SERVER_ERRORS.usernameRequired });
    expect(parseUsername(true)).toEqual({ ok: false, error: 'username must be a string, got true' });
  });

  it('usernames with control characters or half a surrogate pair are refused; accents, CJK and emoji are names', () => {
    for (const name of ['A\u0000B', 'Ann\nBob', 'tab\there', 'esc\u001b[31m', 'del\u007f', 'c1\u0085', 'line\u2028sep', 'half\ud800', '\udc00x']) {
      expect(parseCreateRoom({ username: name })).toEqual({ ok: false, error: 'Username contains characters that are not allowed' });
      expect(parseJoinRoom({ code: 'ABCDEF', username: name })).toEqual({ ok: false, error: SERVER_ERRORS.usernameUnprintable });
    }
    for (const name of ['Zoë', '李小龙', 'José 🎲', 'O\'Brien "Ace"', '👩‍👧 family']) expect(parseCreateRoom({ username: name })).toEqual({ ok: true, value: { username: name } });
  });

  it('usernames follow the account rule: invisible characters refused, emoji joined by ZWJ kept, NFKC', () => {
    for (const name of ['alice\u200b', 'al\u200dice', '\u202eecila', 'Bob\u3164', 'alice\ufe0f', 'al\u00adice', 'x\u{e0061}']) {
      for (const parsed of [parseCreateRoom({ username: name }), parseJoinRoom({ code: 'ABCDEF', username: name }), parseJoinPool({ username: name, boardSize: 6, timeControl: 'untimed' })]) {
        expect(parsed).toEqual({ ok: false, error: SERVER_ERRORS.usernameUnprintable });
      }
    }
    // Nothing that shows is no name at all.
    for (const name of ['\u200b', '\u3164', ' \u3164\u115f ', '\ufe0f', '\u2800']) {
      expect(parseCreateRoom({ username: name })).toEqual({ ok: false, error: 'Please enter a username' });
      expect(parseJoinPool({ username: name, boardSize: 6, timeControl: 'untimed' })).toEqual({ ok: false, error: SERVER_ERRORS.usernameRequired });
    }
    for (const name of ['👩\u200d💻', '🏳\ufe0f\u200d🌈 Sam', '❤\ufe0f Jo']) expect(parseUsername(name)).toEqual({ ok: true, value: name });
    // As account usernames are kept: fullwidth letters and ligatures become the letters they show.
    expect(parseUsername(' Ｗｉｄｅ ')).toEqual({ ok: true, value: 'Wide' });
    expect(parseUsername('ﬁnn')).toEqual({ ok: true, value: 'finn' });
  });

  it('room codes are trimmed and upper-cased; blank asks for one; other shapes name no room', () => {
    expect(parseJoinRoom({ code: ' abc234 ', username: 'B' })).toEqual({ ok: true, value: { code: 'ABC234', username: 'B' } });
    expect(parseJoinRoom({ code: '', username: 'B' })).toEqual({ ok: false, error: 'Please enter a room code' });
    expect(parseJoinRoom({ username: 'B' })).toEqual({ ok: false, error: 'Please enter a room code' });
    expect(parseJoinRoom({ code: 'AB', username: 'B' })).toEqual({ ok: false, error: 'Room not found' });
    expect(parseJoinRoom({ code: 'ABC-23', username: 'B' })).toEqual({ ok: false, error: SERVER_ERRORS.roomNotFound });
    expect(parseJoinRoom({ code: 7, username: 'B' })).toEqual({ ok: false, error: 'code must be a string, got 7' });
    // The username is checked first.
    expect(parseJoinRoom({ code: '', username: '' })).toEqual({ ok: false, error: SERVER_ERRORS.usernameRequired });
    expect(parseRoomCode('xyz789')).toEqual({ ok: true, value: 'XYZ789' });
  });

  it('ready, settings, moves, undo answers, rejoins and empty payloads', () => {
    expect(parseSetReady({ ready: false })).toEqual({ ok: true, value: { ready: false } });
    expect(parseSetReady({ ready: 1 })).toEqual({ ok: false, error: 'ready must be true or false, got 1' });
    expect(parseUpdateSettings({ boardSize: '10' })).toEqual({ ok: true, value: { boardSize: 10 } });
    expect(parseUpdateSettings({ boardSize: 8, scoringMechanism: 'connection' })).toEqual({ ok: true, value: { boardSize: 8, scoringMechanism: 'connection' } });
    expect(parseUpdateSettings({ scoringMechanism: 'extension' })).toEqual({ ok: true, value: { scoringMechanism: 'extension' } });
    expect(parseUpdateSettings({ rated: false })).toEqual({ ok: true, value: { rated: false } });
    for (const size of [6, 8, 10, 12, 14, 16]) expect(parseUpdateSettings({ boardSize: size })).toEqual({ ok: true, value: { boardSize: size } });
    expect(parseUpdateSettings({ boardSize: '16' })).toEqual({ ok: true, value: { boardSize: 16 } });
    for (const size of [4, 7, 11, 18, 20, '9', 'big']) {
      expect(parseUpdateSettings({ boardSize: size })).toEqual({ ok: false, error: `boardSize must be 6, 8, 10, 12, 14 or 16, got ${JSON.stringify(size)}` });
    }
    expect(parseJoinPool({ username: 'Ann', boardSize: 14, timeControl: '3+2' })).toEqual({ ok: true, value: { username: 'Ann', boardSize: 14, timeControl: '3+2' } });
    expect(parseJoinPool({ username: 'Ann', boardSize: 18, timeControl: '3+2' })).toEqual({ ok: false, error: 'boardSize must be 6, 8, 10, 12, 14 or 16, got 18' });
    expect(parseUpdateSettings({ boardSize: ' 10' })).toMatchObject({ ok: false, error: expect.stringContaining('boardSize') });
    expect(parseUpdateSettings({ scoringMechanism: 'x' })).toMatchObject({ ok: false, error: expect.stringContaining('scoringMechanism') });
    expect(parseUpdateSettings({})).toEqual({ ok: false, error: 'payload must have boardSize, scoringMechanism, rated, timeControl, visibility or mirrorRule' });
    expect(parseUpdateSettings({ visibility: 'public' })).toEqual({ ok: true, value: { visibility: 'public' } });
    expect(parseUpdateSettings({ visibility: 'open' })).toEqual({ ok: false, error: 'visibility must be private or public, got "open"' });
    expect(parseUpdateSettings({ timeControl: '3+2' })).toEqual({ ok: true, value: { timeControl: '3+2' } });
    expect(parseUpdateSettings({ timeControl: '2+1' })).toEqual({ ok: false, error: 'timeControl must be untimed, 1+1, 3+2, 5+3 or 10+5, got "2+1"' });
    expect(parseMove({ row: 2, col: 3 })).toEqual({ ok: true, value: { row: 2, col: 3 } });
    expect(parseMove({ row: 2 })).toEqual({ ok: false, error: 'col is missing' });
    expect(parseMove({ row: Number.NaN, col: 1 })).toMatchObject({ ok: false, error: expect.stringMatching(/^row must be a whole number/) });
    expect(parseMove({ row: 1.5, col: 1 })).toEqual({ ok: false, error: 'row must be a whole number, got 1.5' });
    expect(parseRespondUndo({ requestId: 'r1', approved: true })).toEqual({ ok: true, value: { requestId: 'r1', approved: true } });
    expect(parseRespondUndo({ requestId: '', approved: true })).toEqual({ ok: false, error: 'requestId must be a non-empty string, got ""' });
    expect(parseRespondUndo({ requestId: 'r'.repeat(101), approved: true })).toMatchObject({ ok: false, error: expect.stringContaining('requestId') });
    expect(parseRespondUndo({ requestId: 'r1', approved: 'yes' })).toMatchObject({ ok: false, error: expect.stringContaining('approved') });
    expect(parseRejoin({ rejoinToken: 'tok' })).toEqual({ ok: true, value: { rejoinToken: 'tok' } });
    expect(parseRejoin({ rejoinToken: '' })).toMatchObject({ ok: false, error: expect.stringContaining('rejoinToken') });
    expect(parseEmpty(undefined)).toEqual({ ok: true, value: {} });
    expect(parseEmpty(null).ok).toBe(true);
    expect(parseEmpty({})).toEqual({ ok: true, value: {} });
    expect(parseEmpty({ x: 1 })).toEqual({ ok: false, error: 'payload must be nothing or {}, got {"x":1}' });
    expect(parseEmpty([]).ok).toBe(false);
    expect(parseEmpty('go').ok).toBe(false);
  });

  it('every client event has its payload schema, including withdrawUndo and claimVictory', () => {
    expect(parseClientPayload('game:withdrawUndo', {})).toEqual({ ok: true, value: {} });
    expect(parseClientPayload('game:claimVictory', undefined)).toEqual({ ok: true, value: {} });
    expect(parseClientPayload('game:claimVictory', { now: true }).ok).toBe(false);
    expect(parseClientPayload('game:move', { row: 0, col: 5 })).toEqual({ ok: true, value: { row: 0, col: 5 } });
    for (const event of CLIENT_EVENT_NAMES) expect(() => parseClientPayload(event, {}), event).not.toThrow();
  });

  it('the handshake keeps its token strings and ignores anything else', () => {
    expect(parseHandshakeAuth({ token: 't', rejoinToken: 5 })).toEqual({ token: 't', rejoinToken: undefined });
    expect(parseHandshakeAuth({ rejoinToken: 'r' })).toEqual({ rejoinToken: 'r' });
    expect(parseHandshakeAuth({ token: '' })).toEqual({ token: undefined });
    expect(parseHandshakeAuth({ token: 'x'.repeat(4096) })).toEqual({ token: undefined });
    expect(parseHandshakeAuth('token')).toEqual({});
    expect(parseHandshakeAuth(undefined)).toEqual({});
  });
});

describe('server views', () => {
  it('parses a room with its issue-11 fields', () => {
    expect(parseRoomView({ ...room, isHost: true })).toEqual({ ok: true, value: { ...room, isHost: true } });
    expect(parseRoomView({ ...room, claimableBy: 0 })).toMatchObject({ ok: true, value: { claimableBy: 0, undoRequestsLeft: [3, 2] } });
    expect(parseRoomView({ ...room, status: 'lost' })).toMatchObject({ ok: false, error: expect.stringContaining('room.status') });
    expect(parseRoomView({ ...room, undoRequestsLeft: undefined })).toEqual({ ok: false, error: 'room.undoRequestsLeft is missing' });
    expect(parseRoomView({ ...room, claimableBy: undefined })).toEqual({ ok: false, error: 'room.claimableBy is missing' });
    expect(parseRoomView({ ...room, undoRequestsLeft: [3, -1] })).toMatchObject({ ok: false, error: expect.stringContaining('room.undoRequestsLeft.1') });
    expect(parseRoomView({ ...room, settings: { ...room.settings, boardSize: '8' } })).toMatchObject({ ok: true, value: { settings: { boardSize: 8 } } });
  });

  it('reads whether quick play opened the room; a server that does not say opened it by hand', () => {
    expect(parseRoomView({ ...room, quickPlay: true })).toMatchObject({ ok: true, value: { quickPlay: true } });
    expect(parseRoomView({ ...room, quickPlay: undefined })).toMatchObject({ ok: true, value: { quickPlay: false } });
    expect(parseRoomView({ ...room, quickPlay: 'yes' })).toMatchObject({ ok: false, error: expect.stringContaining('room.quickPlay') });
  });

  it('parses a game state, with its board also as sets of x-y keys and its seats', () => {
    const game = parseGameStateView(gameState);
    expect(game.ok && game.value.board.occupiedCells[1].has('1-0')).toBe(true);
    expect(game.ok && game.value.lastMove).toEqual({ row: 0, col: 1, player: 1 });
    expect(game.ok && game.value.seats).toEqual(gameState.seats);
    expect(game.ok && { ...game.value, board: undefined }).toEqual({ ...parsedGameState, board: undefined });
    // Cell keys are written canonically by the engine's parser.
    const padded = parseGameStateView({ ...gameState, boardState: { ...gameState.boardState, occupiedCells: [['00-0'], ['1-0']] } });
    expect(padded.ok && padded.value.boardState.occupiedCells[0]).toEqual(['0-0']);
    expect(parseGameStateView({ ...gameState, boardState: { occupiedCells: [['9-9'], []], gridWidth: 6, gridHeight: 6 } })).toEqual({
      ok: false,
      error: 'gameState.boardState is not a board: cell 9-9 of player 0 is off the 6x6 grid',
    });
    expect(parseGameStateView({ ...gameState, seats: undefined })).toEqual({ ok: false, error: 'gameState.seats is missing' });
    expect(parseGameStateView({ ...gameState, scores: [1, 2, 3] })).toMatchObject({ ok: false, error: expect.stringContaining('gameState.scores') });
  });
});

describe('acknowledgements', () => {
  it('parses each event’s acknowledgement into its typed data, dropping the rest', () => {
    expect(parseAck('room:create', { success: true, ...entered, extra: 1 })).toEqual({ success: true, ...parsedEntered });
    expect(parseAck('room:setReady', { success: true, room })).toEqual({ success: true, room });
    expect(parseAck('room:rematch', { success: true, room })).toEqual({ success: true, room });
    expect(parseAck('game:move', { success: true, gameState })).toEqual({ success: true, gameState: parsedGameState });
    expect(parseAck('game:requestUndo', { success: true, requestId: 'r1' })).toEqual({ success: true, requestId: 'r1' });
    expect(parseAck('game:withdrawUndo', { success: true })).toEqual({ success: true });
    expect(parseAck('game:claimVictory', { success: true })).toEqual({ success: true });
    expect(parseAck('room:rejoin', { success: true, ...entered, gameState: null })).toEqual({ success: true, ...parsedEntered, gameState: null });
  });

  it('passes refusals through with their error text', () => {
    expect(parseAck('game:claimVictory', { success: false, error: SERVER_ERRORS.cannotClaim })).toEqual({ success: false, error: SERVER_ERRORS.cannotClaim });
    expect(parseAck('room:join', { success: false, error: 'Room not found', room: 5 })).toEqual({ success: false, error: 'Room not found' });
  });

  it('turns a malformed acknowledgement into a refusal naming the field', () => {
    expect(parseAck('room:create', { success: true, ...entered, room: { ...room, code: 5 } })).toEqual({
      success: false,
      error: 'Malformed acknowledgement of room:create: room.code must be a string, got 5',
    });
    expect(parseAck('game:requestUndo', { success: true })).toEqual({ success: false, error: 'Malformed acknowledgement of game:requestUndo: requestId is missing' });
    expect(parseAck('game:move', { success: true, gameState: { ...gameState, seats: [] } })).toMatchObject({
      success: false,
      error: expect.stringContaining('gameState.seats'),
    });
    expect(parseAck('game:start', { success: false })).toEqual({ success: false, error: 'Malformed acknowledgement of game:start: error is missing' });
    expect(parseAck('game:start', { success: 'yes' })).toMatchObject({ success: false, error: expect.stringContaining('game:start: success') });
    expect(parseAck('game:start', undefined)).toMatchObject({ success: false, error: expect.stringContaining('Malformed acknowledgement of game:start') });
  });
});

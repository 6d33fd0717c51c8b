// Socket payloads parsed at the edge: typed values, or an error that names the problem.
import { describe, expect, it } from 'vitest';
import {
  parseCreateRoom,
  parseEmpty,
  parseGameStateView,
  parseHandshakeAuth,
  parseJoinRoom,
  parseMove,
  parseRespondUndo,
  parseRoomView,
  parseSetReady,
  parseUpdateSettings,
} from './parse';

describe('client payloads', () => {
  it('usernames are trimmed, required and at most 20 characters', () => {
    expect(parseCreateRoom({ username: '  Ann ' })).toEqual({ ok: true, value: { username: 'Ann' } });
    expect(parseCreateRoom({ username: ' ' })).toEqual({ ok: false, error: 'Please enter a username' });
    expect(parseCreateRoom({})).toEqual({ ok: false, error: 'Please enter a username' });
    expect(parseCreateRoom({ username: 'a'.repeat(20) }).ok).toBe(true);
    expect(parseCreateRoom({ username: 'a'.repeat(21) })).toEqual({ ok: false, error: 'Username must be at most 20 characters' });
    expect(parseCreateRoom('Ann')).toMatchObject({ ok: false, error: expect.stringContaining('object') });
  });

  it('room codes are upper-cased; blank asks for one; other shapes name no room', () => {
    expect(parseJoinRoom({ code: ' abc234 ', username: 'B' })).toEqual({ ok: true, value: { code: 'ABC234', username: 'B' } });
    expect(parseJoinRoom({ code: '', username: 'B' })).toEqual({ ok: false, error: 'Please enter a room code' });
    expect(parseJoinRoom({ code: 'AB', username: 'B' })).toEqual({ ok: false, error: 'Room not found' });
    expect(parseJoinRoom({ code: 7, username: 'B' })).toMatchObject({ ok: false, error: expect.stringContaining('code') });
  });

  it('ready, settings, moves, undo answers and empty payloads', () => {
    expect(parseSetReady({ ready: false })).toEqual({ ok: true, value: { ready: false } });
    expect(parseSetReady({ ready: 1 }).ok).toBe(false);
    expect(parseUpdateSettings({ boardSize: '10' })).toEqual({ ok: true, value: { boardSize: 10 } });
    expect(parseUpdateSettings({ scoringMechanism: 'extension' })).toEqual({ ok: true, value: { scoringMechanism: 'extension' } });
    expect(parseUpdateSettings({ boardSize: 12 })).toMatchObject({ ok: false, error: expect.stringContaining('boardSize') });
    expect(parseUpdateSettings({ scoringMechanism: 'x' })).toMatchObject({ ok: false, error: expect.stringContaining('scoringMechanism') });
    expect(parseMove({ row: 2, col: 3 })).toEqual({ ok: true, value: { row: 2, col: 3 } });
    expect(parseMove({ row: 2 })).toMatchObject({ ok: false, error: expect.stringContaining('col') });
    expect(parseMove({ row: Number.NaN, col: 1 })).toMatchObject({ ok: false, error: expect.stringContaining('row') });
    expect(parseRespondUndo({ requestId: 'r1', approved: true })).toEqual({ ok: true, value: { requestId: 'r1', approved: true } });
    expect(parseRespondUndo({ requestId: '', approved: true }).ok).toBe(false);
    expect(parseEmpty(undefined).ok).toBe(true);
    expect(parseEmpty({}).ok).toBe(true);
    expect(parseEmpty({ x: 1 }).ok).toBe(false);
    expect(parseHandshakeAuth({ token: 't', rejoinToken: 5 })).toEqual({ token: 't', rejoinToken: undefined });
  });
});

describe('server views', () => {
  it('parses a room and a game state (with the board as sets of x-y keys)', () => {
    const room = parseRoomView({
      code: 'ABC234', status: 'waiting', hostId: 'p1', isHost: true,
      players: [{ id: 'p1', username: 'Ann', ready: true, connected: true, signedIn: false }],
      settings: { boardSize: 6, scoringMechanism: 'connection', maxPlayers: 2 }, pendingUndo: null,
    });
    expect(room.ok && room.value.players[0]?.ready).toBe(true);
    expect(parseRoomView({ code: 'X', status: 'lost' }).ok).toBe(false);
    const game = parseGameStateView({
      boardState: { occupiedCells: [['0-0'], ['1-0']], gridWidth: 6, gridHeight: 6 },
      scores: [1, 1], currentPlayer: 0, progress: 'playing', scoreHistory1: [1, 1], scoreHistory2: [0, 1],
      scoringMechanism: 'connection', moveCount: 2, lastMove: { row: 0, col: 1, player: 1 },
    });
    expect(game.ok && game.value.board.occupiedCells[1].has('1-0')).toBe(true);
    expect(game.ok && game.value.lastMove).toEqual({ row: 0, col: 1, player: 1 });
    expect(parseGameStateView({ boardState: { occupiedCells: [['9-9'], []], gridWidth: 6, gridHeight: 6 } }).ok).toBe(false);
  });
});

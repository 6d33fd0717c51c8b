// Server → client events parsed where they enter the page: typed messages, or an error naming event and field.
import { describe, expect, it } from 'vitest';
import { SERVER_EVENTS } from './messages';
import { parseServerEvent, type ServerEventName } from './server-events';

const player = { id: 'p1', username: 'Ann', ready: true, connected: true, signedIn: false };
const other = { id: 'p2', username: 'Bob', ready: false, connected: true, signedIn: true };
const room = {
  code: 'ABC234', status: 'playing', hostId: 'p1', players: [player, other],
  settings: { boardSize: 6, scoringMechanism: 'connection', maxPlayers: 2 }, pendingUndo: null,
};
const gameState = {
  boardState: { occupiedCells: [['0-0'], ['1-0']], gridWidth: 6, gridHeight: 6 },
  scores: [1, 1], currentPlayer: 0, progress: 'playing', scoreHistory1: [1, 1], scoreHistory2: [0, 1],
  scoringMechanism: 'connection', moveCount: 2, lastMove: { row: 0, col: 1, player: 1 },
};

/** A well-formed payload of every server event, as the game server sends it. */
const VALID: Record<ServerEventName, Record<string, unknown>> = {
  'room:playerJoined': { player: other, players: [player, other], room },
  'room:playerLeft': { playerId: 'p2', players: [player], hostId: 'p1', room },
  'room:settingsUpdated': { settings: { boardSize: 8, scoringMechanism: 'connection', maxPlayers: 2 }, room },
  'room:playerReady': { playerId: 'p2', ready: true, players: [player, other], room },
  'room:gameStarting': { countdown: 3, room },
  'room:playerDisconnected': { playerId: 'p2', players: [player, { ...other, connected: false }], room, graceMs: 60_000 },
  'room:playerReconnected': { playerId: 'p2', players: [player, other], room },
  'room:rejoined': { success: true, room, playerId: 'p1', rejoinToken: 'tok', gameState },
  'game:started': { room, gameState },
  'game:moveMade': { gameState, move: { row: 0, col: 1, player: 1 } },
  'game:finished': {
    winner: 'draw', scores: [1, 1], reason: 'board-full', gameState, room,
    ratings: [{ playerId: 'p1', before: 1200, after: 1200 }, { playerId: 'p2', before: 1200, after: 1200 }],
  },
  'game:undoRequested': { requestId: 'r1', requestedBy: 0, playerId: 'p1' },
  'game:undoApproved': { requestId: 'r1', gameState },
  'game:undoRejected': { requestId: 'r1' },
  'game:forfeited': { forfeitingPlayer: { id: 'p2', username: 'Bob', index: 1 }, winner: 0, reason: 'forfeit' },
};

describe('parseServerEvent', () => {
  it('parses a well-formed payload of every server event', () => {
    for (const name of Object.values(SERVER_EVENTS)) {
      const parsed = parseServerEvent(name, VALID[name]);
      expect(parsed, name).toMatchObject({ ok: true, message: { type: name } });
    }
  });

  it('keeps the typed fields and drops what the protocol does not name', () => {
    const rejoined = parseServerEvent('room:rejoined', VALID['room:rejoined']);
    expect(rejoined.ok && rejoined.message.payload).not.toHaveProperty('success');
    const moved = parseServerEvent('game:moveMade', VALID['game:moveMade']);
    // The view only: the engine's board (sets) is not part of the message.
    expect(moved.ok && moved.message.payload).toEqual({ gameState, move: { row: 0, col: 1, player: 1 } });
    const left = parseServerEvent('room:playerLeft', { ...VALID['room:playerLeft'], extra: 1 });
    expect(left.ok && left.message.payload).toEqual(VALID['room:playerLeft']);
    expect(parseServerEvent('room:rejoined', { ...VALID['room:rejoined'], gameState: null })).toMatchObject({
      ok: true, message: { payload: { gameState: null } },
    });
    expect(parseServerEvent('game:finished', { ...VALID['game:finished'], ratings: undefined })).toMatchObject({ ok: true });
  });

  it('rejects unknown events and non-object payloads, naming them', () => {
    expect(parseServerEvent('room:nope', {})).toEqual({ ok: false, error: 'unknown server event "room:nope"' });
    expect(parseServerEvent('game:undoRejected', 'r1')).toMatchObject({ ok: false, error: expect.stringContaining('game:undoRejected') });
    expect(parseServerEvent('game:undoRejected', null).ok).toBe(false);
    expect(parseServerEvent('game:undoRejected', [])).toMatchObject({ ok: false });
  });

  it.each([
    ['room:playerJoined', { ...VALID['room:playerJoined'], player: { id: 'p2' } }, 'player'],
    ['room:playerLeft', { ...VALID['room:playerLeft'], hostId: 5 }, 'hostId'],
    ['room:settingsUpdated', { ...VALID['room:settingsUpdated'], settings: { boardSize: 7, scoringMechanism: 'connection' } }, 'boardSize'],
    ['room:playerReady', { ...VALID['room:playerReady'], ready: 'yes' }, 'ready'],
    ['room:gameStarting', { ...VALID['room:gameStarting'], countdown: '3' }, 'countdown'],
    ['room:gameStarting', { countdown: 3, room: { ...room, status: 'lost' } }, 'room'],
    ['room:playerDisconnected', { ...VALID['room:playerDisconnected'], graceMs: 'soon' }, 'graceMs'],
    ['room:playerReconnected', { playerId: 'p2', players: 'all', room }, 'players'],
    ['room:playerReconnected', { playerId: 'p2', players: [player, other] }, 'room'],
    ['room:rejoined', { ...VALID['room:rejoined'], rejoinToken: '' }, 'rejoinToken'],
    ['game:started', { room }, 'gameState'],
    ['game:moveMade', { gameState, move: { row: 0, col: 1, player: 2 } }, 'move'],
    ['game:moveMade', { gameState: { ...gameState, currentPlayer: 3 }, move: { row: 0, col: 1, player: 1 } }, 'currentPlayer'],
    ['game:finished', { ...VALID['game:finished'], winner: 'nobody' }, 'winner'],
    ['game:finished', { ...VALID['game:finished'], reason: 'bored' }, 'reason'],
    ['game:finished', { ...VALID['game:finished'], ratings: [{ playerId: 'p1' }] }, 'ratings'],
    ['game:undoRequested', { ...VALID['game:undoRequested'], requestedBy: 'me' }, 'requestedBy'],
    ['game:undoApproved', { requestId: 'r1', gameState: { ...gameState, boardState: null } }, 'gameState'],
    ['game:undoRejected', {}, 'requestId'],
    ['game:forfeited', { ...VALID['game:forfeited'], forfeitingPlayer: { id: 'p2' } }, 'forfeitingPlayer'],
  ] as const)('%s: a malformed payload is an error naming the event and the field (%#)', (name, payload, field) => {
    const parsed = parseServerEvent(name, payload);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.startsWith(`${name}: `)).toBe(true);
      expect(parsed.error).toContain(field);
    }
  });
});

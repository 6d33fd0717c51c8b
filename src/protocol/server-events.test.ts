// Server → client events parsed where they enter the page: typed messages, or an error naming event and field.
import { describe, expect, it } from 'vitest';
import { gameState, parsedGameState, PARSED, room, VALID } from './messages.testkit';
import { SERVER_EVENT_NAMES } from './events';
import { parseServerEvent } from './server-events';

describe('parseServerEvent', () => {
  it('parses a well-formed payload of every server event, to the same value', () => {
    for (const name of SERVER_EVENT_NAMES) {
      expect(parseServerEvent(name, VALID[name]), name).toEqual({ ok: true, message: { type: name, payload: PARSED[name] } });
    }
  });

  it('keeps the typed fields and drops what the protocol does not name', () => {
    const rejoined = parseServerEvent('room:rejoined', { success: true, ...VALID['room:rejoined'] });
    expect(rejoined.ok && rejoined.message.payload).not.toHaveProperty('success');
    const moved = parseServerEvent('game:moveMade', VALID['game:moveMade']);
    // The view only: the engine's board (sets) is not part of the message.
    expect(moved.ok && moved.message.payload).toEqual({ gameState: parsedGameState, move: { row: 0, col: 1, player: 1 } });
    const left = parseServerEvent('room:playerLeft', { ...VALID['room:playerLeft'], extra: 1 });
    expect(left.ok && left.message.payload).toEqual(VALID['room:playerLeft']);
    expect(parseServerEvent('room:rejoined', { ...VALID['room:rejoined'], gameState: null })).toMatchObject({
      ok: true, message: { payload: { gameState: null } },
    });
    expect(parseServerEvent('game:finished', { ...VALID['game:finished'], ratings: undefined })).toMatchObject({ ok: true });
  });

  it('fills in what older servers left out with the old defaults', () => {
    const { connected: _c, signedIn: _s, ...bare } = room.players[0]!;
    const parsed = parseServerEvent('room:playerJoined', { ...VALID['room:playerJoined'], player: bare });
    expect(parsed.ok && parsed.message.type === 'room:playerJoined' && parsed.message.payload.player).toMatchObject({ connected: true, signedIn: false });
    const { pendingUndo: _p, ...noUndo } = room;
    const started = parseServerEvent('game:started', { room: noUndo, gameState: { ...gameState, lastMove: undefined } });
    expect(started).toMatchObject({ ok: true, message: { payload: { room: { pendingUndo: null }, gameState: { lastMove: null } } } });
  });

  it('aborted and claimed games, undo counts, idle claims, seats and the restart notice', () => {
    const aborted = { ...VALID['game:finished'], winner: null, reason: 'aborted', ratings: undefined };
    expect(parseServerEvent('game:finished', aborted)).toMatchObject({ ok: true, message: { payload: { winner: null, reason: 'aborted' } } });
    expect(parseServerEvent('game:finished', { ...aborted, winner: 1, reason: 'claimed' })).toMatchObject({ ok: true, message: { payload: { reason: 'claimed' } } });
    // A decided game in a rated room that changed no rating says why; so does its forfeit.
    const unrated = { ...aborted, winner: 0, reason: 'forfeit', unrated: 'too-few-moves' };
    expect(parseServerEvent('game:finished', unrated)).toMatchObject({ ok: true, message: { payload: { unrated: 'too-few-moves' } } });
    expect(parseServerEvent('game:forfeited', { ...VALID['game:forfeited'], unrated: 'pair-limit' })).toMatchObject({ ok: true, message: { payload: { unrated: 'pair-limit' } } });
    const claimable = parseServerEvent('game:victoryClaimable', VALID['game:victoryClaimable']);
    expect(claimable).toMatchObject({ ok: true, message: { payload: { claimant: 1, room: { claimableBy: 1, undoRequestsLeft: [3, 2] } } } });
    expect(parseServerEvent('game:started', VALID['game:started'])).toMatchObject({
      ok: true, message: { payload: { gameState: { seats: [{ username: 'Ann' }, { username: 'Bob' }] } } },
    });
    expect(parseServerEvent('game:undoWithdrawn', { requestId: 'r9' })).toMatchObject({ ok: true, message: { payload: { requestId: 'r9' } } });
    expect(parseServerEvent('server:restarting', { message: 'bye' })).toMatchObject({ ok: true, message: { type: 'server:restarting' } });
  });

  it('rejects unknown events and non-object payloads, naming them', () => {
    expect(parseServerEvent('room:nope', {})).toEqual({ ok: false, error: 'unknown server event "room:nope"' });
    expect(parseServerEvent('game:undoRejected', 'r1')).toEqual({ ok: false, error: 'game:undoRejected: expected an object payload, got "r1"' });
    expect(parseServerEvent('game:undoRejected', null).ok).toBe(false);
    expect(parseServerEvent('game:undoRejected', [])).toEqual({ ok: false, error: 'game:undoRejected: requestId is missing' });
  });

  it.each([
    ['room:playerJoined', { ...VALID['room:playerJoined'], player: { id: 'p2' } }, 'player.username is missing'],
    ['room:playerLeft', { ...VALID['room:playerLeft'], hostId: 5 }, 'hostId must be a non-empty string, got 5'],
    ['room:settingsUpdated', { ...VALID['room:settingsUpdated'], settings: { boardSize: 7, scoringMechanism: 'connection' } }, 'settings.boardSize must be 6, 8, 10, 12, 14 or 16, got 7'],
    ['room:playerReady', { ...VALID['room:playerReady'], ready: 'yes' }, 'ready must be true or false, got "yes"'],
    ['room:gameStarting', { ...VALID['room:gameStarting'], countdown: '3' }, 'countdown must be a number of at least 0, got "3"'],
    ['room:gameStarting', { countdown: 3, room: { ...room, status: 'lost' } }, 'room.status must be waiting, starting, playing or finished, got "lost"'],
    ['room:gameStarting', { countdown: 3, room: { ...room, undoRequestsLeft: [3] } }, 'room.undoRequestsLeft.1 is missing'],
    ['room:gameStarting', { countdown: 3, room: { ...room, claimableBy: 2 } }, 'room.claimableBy must be 0 or 1, got 2'],
    ['room:playerDisconnected', { ...VALID['room:playerDisconnected'], graceMs: 'soon' }, 'graceMs must be a number of at least 0, got "soon"'],
    ['room:playerReconnected', { playerId: 'p2', players: 'all', room }, 'players must be a list, got "all"'],
    ['room:playerReconnected', { playerId: 'p2', players: [room.players[0], { id: 'p2', ready: true }] }, 'players.1.username is missing'],
    ['room:playerReconnected', { playerId: 'p2', players: [] }, 'room is missing'],
    ['room:rejoined', { ...VALID['room:rejoined'], rejoinToken: '' }, 'rejoinToken must be a non-empty string, got ""'],
    ['game:started', { room }, 'gameState is missing'],
    ['game:started', { room, gameState: { ...gameState, seats: [gameState.seats[0]] } }, 'gameState.seats.1 is missing'],
    ['game:started', { room, gameState: { ...gameState, seats: 'Ann v Bob' } }, 'gameState.seats must be two seats, player 0 first, got "Ann v Bob"'],
    ['game:moveMade', { gameState, move: { row: 0, col: 1, player: 2 } }, 'move.player must be 0 or 1, got 2'],
    ['game:moveMade', { gameState: { ...gameState, currentPlayer: 3 }, move: { row: 0, col: 1, player: 1 } }, 'gameState.currentPlayer must be 0 or 1, got 3'],
    ['game:finished', { ...VALID['game:finished'], winner: 'nobody' }, 'winner must be 0, 1, draw or null, got "nobody"'],
    ['game:finished', { ...VALID['game:finished'], reason: 'bored' }, 'reason must be board-full, forfeit, abandoned, aborted, claimed or timeout, got "bored"'],
    ['game:finished', { ...VALID['game:finished'], ratings: [{ playerId: 'p1' }] }, 'ratings.0.before is missing'],
    ['game:finished', { ...VALID['game:finished'], ratings: {} }, 'ratings must be two rating changes, got {}'],
    ['game:finished', { ...VALID['game:finished'], unrated: 'bored' }, 'unrated must be too-few-moves or pair-limit, got "bored"'],
    ['game:undoRequested', { ...VALID['game:undoRequested'], requestedBy: 'me' }, 'requestedBy must be 0 or 1, got "me"'],
    ['game:undoApproved', { requestId: 'r1', gameState: { ...gameState, boardState: null } }, 'gameState.boardState must be an object, got null'],
    ['game:undoApproved', { requestId: 'r1', gameState: { ...gameState, boardState: { ...gameState.boardState, occupiedCells: [['9-9'], []] } } }, 'gameState.boardState is not a board: cell 9-9 of player 0 is off the 6x6 grid'],
    ['game:undoRejected', {}, 'requestId is missing'],
    ['game:forfeited', { ...VALID['game:forfeited'], forfeitingPlayer: { id: 'p2' } }, 'forfeitingPlayer.username is missing'],
    ['game:undoWithdrawn', { requestId: 7 }, 'requestId must be a non-empty string, got 7'],
    ['game:victoryClaimable', { claimant: 'Bob', room }, 'claimant must be 0 or 1, got "Bob"'],
    ['server:restarting', {}, 'message is missing'],
  ] as const)('%s: a malformed payload is an error naming the event and the field (%#)', (name, payload, error) => {
    const parsed = parseServerEvent(name, payload);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(`${name}: ${error}`);
  });
});

import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { away, canStart, ERRORS, finishMessage, isLocalTurn, roomMachine, secondsLeft } from './room.machine';
import { player, ALICE, BOB, room, gameState, start, inRoom, ctx } from './room.testkit';


describe('room rules (SPEC §4 "Multiplayer room")', () => {
  it('keeps when each absent player must be back, and counts the seconds left down to 0', () => {
    const marked = away({ carol: 5 }, 'bob', 60_000, 1_000);
    expect(marked).toEqual({ carol: 5, bob: 61_000 });
    expect(away(marked, 'bob', undefined, 2_000)).toEqual({ carol: 5 });
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 1_001)).toBe(60);
    expect(secondsLeft(61_000, 2_000)).toBe(59);
    expect(secondsLeft(61_000, 90_000)).toBe(0);
  });

  const full = { players: [player('alice', true), player('bob', true)], localPlayerId: 'alice', hostId: 'alice' };
  const hostRoom = { code: 'ABC123', status: 'waiting' as const, isHost: true, quickPlay: false };

  it('allows start when the local user is host, the room is full, all are ready and it is waiting', () => {
    expect(canStart(ctx({ ...full, currentRoom: hostRoom }))).toBe(true);
    expect(canStart(ctx({ ...full, localPlayerId: 'bob', currentRoom: { ...hostRoom, isHost: false } }))).toBe(false);
    expect(canStart(ctx({ ...full, players: [player('alice', true)], currentRoom: hostRoom }))).toBe(false);
    expect(canStart(ctx({ ...full, players: [player('alice', true), BOB], currentRoom: hostRoom }))).toBe(false);
    expect(canStart(ctx({ ...full, currentRoom: { ...hostRoom, status: 'starting' } }))).toBe(false);
    // The shared start rule (startRefusal): a player who is away blocks the start, though still ready.
    expect(canStart(ctx({ ...full, players: [player('alice', true), { ...player('bob', true), connected: false }], currentRoom: hostRoom }))).toBe(false);
    // The host is the room's hostId, not a flag of its own.
    expect(canStart(ctx({ ...full, hostId: 'bob', currentRoom: hostRoom }))).toBe(false);
  });

  it("is the local player's turn when its index in the players list equals currentPlayer", () => {
    const base = { players: [ALICE, BOB], gameState: gameState({ currentPlayer: 1 }) };
    expect(isLocalTurn(ctx({ ...base, localPlayerId: 'bob' }))).toBe(true);
    expect(isLocalTurn(ctx({ ...base, localPlayerId: 'alice' }))).toBe(false);
  });

  it('words the finish alert from the local point of view', () => {
    expect(finishMessage(0, 0)).toBe('You won!');
    expect(finishMessage(1, 0)).toBe('You lost!');
    expect(finishMessage('draw', 1)).toBe('Game ended in a draw!');
  });

  it('starts disconnected with the default room settings (SPEC §9), then connects', () => {
    const [initial] = initialTransition(roomMachine);
    expect(initial.context.isConnected).toBe(false);
    expect(initial.context.roomSettings).toEqual({ boardSize: 6, scoringMechanism: 'connection', maxPlayers: 2, rated: true, timeControl: 'untimed', visibility: 'private', mirrorRule: true });
    const [connected] = transition(roomMachine, initial, { type: 'socket.connected' });
    expect(connected.context.isConnected).toBe(true);
    expect(connected.matches({ connection: 'connected', request: 'idle' })).toBe(true);
  });
});

describe('lobby', () => {
  it('listens to the socket while running', () => {
    const t = start();
    expect(t.listening()).toBe(1);
    t.actor.stop();
    expect(t.listening()).toBe(0);
  });

  it('asks for a username and a room code before sending anything', () => {
    const t = start();
    t.send({ type: 'socket.connected' });
    t.send({ type: 'room.create', username: '  ' });
    expect(t.context().connectionError).toBe(ERRORS.username);
    t.send({ type: 'room.join', code: 'ABC123', username: '' });
    expect(t.context().connectionError).toBe(ERRORS.username);
    // A name of invisible characters (Hangul fillers, a zero-width space) shows nothing: no name.
    t.send({ type: 'pool.join', username: '\u3164\u200b', boardSize: 6, timeControl: 'untimed' });
    expect(t.context().connectionError).toBe(ERRORS.username);
    t.send({ type: 'room.join', code: ' ', username: 'ann' });
    expect(t.context().connectionError).toBe(ERRORS.roomCode);
    expect(t.sent).toEqual([]);
  });

  it('sends nothing while not connected', () => {
    const t = start();
    t.send({ type: 'room.create', username: 'ann' });
    expect(t.sent).toEqual([]);
  });

  it('creates a room: isCreatingRoom while waiting, then the room, the local id and the host flag', async () => {
    const t = start();
    t.send({ type: 'socket.connected' });
    t.send({ type: 'room.create', username: ' ann ' });
    expect(t.sent).toEqual([{ event: 'room:create', payload: { username: 'ann' } }]);
    expect(t.context().isCreatingRoom).toBe(true);
    await t.reply({ success: true, room: room(), playerId: 'alice', rejoinToken: 'rt', gameState: null });
    expect(t.context()).toMatchObject({
      isCreatingRoom: false,
      currentRoom: { code: 'ABC123', status: 'waiting', isHost: true },
      localPlayerId: 'alice',
      players: [ALICE],
      rejoinToken: 'rt',
    });
  });

  it('joins by an upper-cased code; isJoiningRoom while waiting; not the host', async () => {
    const t = start();
    t.send({ type: 'socket.connected' });
    t.send({ type: 'room.join', code: ' abc123', username: 'bob' });
    expect(t.sent).toEqual([{ event: 'room:join', payload: { code: 'ABC123', username: 'bob' } }]);
    expect(t.context().isJoiningRoom).toBe(true);
    await t.reply({ success: true, room: room({ players: [ALICE, BOB] }), playerId: 'bob', rejoinToken: 'rt', gameState: null });
    expect(t.context().isJoiningRoom).toBe(false);
    expect(t.context().currentRoom?.isHost).toBe(false);
  });

  it("shows the server's refusal, else 'Failed to create room' / 'Failed to join room'", async () => {
    const t = start();
    t.send({ type: 'socket.connected' });
    t.send({ type: 'room.join', code: 'ZZZZZZ', username: 'bob' });
    await t.reply({ success: false, error: 'Room not found' });
    expect(t.context().connectionError).toBe('Room not found');
    t.send({ type: 'room.join', code: 'ZZZZZZ', username: 'bob' });
    await t.reply(new Error('operation has timed out'));
    expect(t.context().connectionError).toBe(ERRORS.join);
    t.send({ type: 'room.create', username: 'bob' });
    await t.reply(new Error('Socket not connected'));
    expect(t.context().connectionError).toBe(ERRORS.create);
    expect(t.context().isCreatingRoom).toBe(false);
  });
});

describe('socket connection (SPEC §4, §8)', () => {
  it("words a disconnect and clears room, players and local id; reconnecting clears the error", async () => {
    const t = await inRoom();
    t.send({ type: 'socket.disconnected', reason: 'transport close' });
    expect(t.context()).toMatchObject({
      isConnected: false,
      connectionError: 'Disconnected from server: transport close',
      currentRoom: null,
      players: [],
      localPlayerId: null,
      rejoinToken: 'rt', // kept: the page gets back in with it
    });
    t.send({ type: 'socket.connected' });
    expect(t.context()).toMatchObject({ isConnected: true, connectionError: null });
  });

  it("words a connection error and a failure to connect", () => {
    const t = start();
    t.send({ type: 'socket.error', message: 'xhr poll error' });
    expect(t.context().connectionError).toBe('Connection error: xhr poll error');
    t.send({ type: 'socket.failed', message: ERRORS.connect });
    expect(t.context().connectionError).toBe('Failed to connect to multiplayer server');
  });

  it('gets back into the room when the server says it rejoined', () => {
    const t = start();
    t.send({ type: 'socket.connected' });
    t.send({ type: 'room:rejoined', payload: { room: room({ status: 'playing', players: [ALICE, BOB] }), playerId: 'bob', rejoinToken: 'rt2', gameState: gameState() } });
    expect(t.context()).toMatchObject({ localPlayerId: 'bob', currentRoom: { status: 'playing', isHost: false }, rejoinToken: 'rt2' });
    expect(t.context().gameState).not.toBeNull();
  });
});

describe('in a room', () => {
  it('counts who watches each room, by code, also one heard before the room is shown and after leaving it', async () => {
    const t = start();
    t.send({ type: 'room:spectators', payload: { code: 'ABC123', count: 2 } });
    expect(t.context().watchers).toEqual({ ABC123: 2 });
    const r = await inRoom();
    r.send({ type: 'room:spectators', payload: { code: 'ABC123', count: 3 } });
    r.send({ type: 'room:spectators', payload: { code: 'XYZ789', count: 1 } });
    r.send({ type: 'room.leave' });
    expect(r.context().watchers).toEqual({ ABC123: 3, XYZ789: 1 });
  });

  it('sets ready flags by player id and replaces players when one joins', async () => {
    const t = await inRoom();
    t.send({ type: 'room:playerJoined', payload: { player: BOB, players: [ALICE, BOB], room: room({ players: [ALICE, BOB] }) } });
    expect(t.context().players.map((p) => p.id)).toEqual(['alice', 'bob']);
    const bobReady = [ALICE, player('bob', true)];
    t.send({ type: 'room:playerReady', payload: { playerId: 'bob', ready: true, players: bobReady, room: room({ players: bobReady }) } });
    expect(t.context().players.map((p) => p.ready)).toEqual([false, true]);
  });

  it('a withdrawn readiness or a drop during the countdown stops it; a reconnection shows the player back', async () => {
    const t = await inRoom('alice', room({ players: [ALICE, BOB] }));
    t.send({ type: 'room:gameStarting', payload: { countdown: 3, room: room({ status: 'starting', players: [ALICE, BOB] }) } });
    t.send({ type: 'room:playerReady', payload: { playerId: 'bob', ready: false, players: [ALICE, BOB], room: room({ players: [ALICE, BOB] }) } });
    expect(t.context()).toMatchObject({ gameCountdown: null, currentRoom: { status: 'waiting' } });
    t.send({ type: 'room:gameStarting', payload: { countdown: 3, room: room({ status: 'starting', players: [ALICE, BOB] }) } });
    const away = [ALICE, { ...BOB, connected: false }];
    t.send({ type: 'room:playerDisconnected', payload: { playerId: 'bob', players: away, room: room({ players: away }), graceMs: 60_000 } });
    expect(t.context()).toMatchObject({ gameCountdown: null, currentRoom: { status: 'waiting' } });
    expect(t.context().players.map((p) => p.connected)).toEqual([true, false]);
    expect(t.context().awayUntil.bob).toBeGreaterThanOrEqual(Date.now() + 59_000);
    t.send({ type: 'room:playerReconnected', payload: { playerId: 'bob', players: [ALICE, BOB], room: room({ players: [ALICE, BOB] }) } });
    expect(t.context().players.map((p) => p.connected)).toEqual([true, true]);
    expect(t.context().awayUntil).toEqual({});
    // News of another room (one we left) changes nothing.
    t.send({ type: 'room:playerLeft', payload: { playerId: 'bob', players: [ALICE], hostId: 'alice', room: room({ code: 'ZZZ999', players: [ALICE] }) } });
    expect(t.context().players).toHaveLength(2);
  });

  it('replaces players when one leaves and takes over as host when named', async () => {
    const t = await inRoom('bob', room({ players: [ALICE, BOB] }));
    expect(t.context().currentRoom?.isHost).toBe(false);
    t.send({ type: 'room:playerLeft', payload: { playerId: 'alice', players: [BOB], hostId: 'bob', room: room({ hostId: 'bob', players: [BOB] }) } });
    expect(t.context().players).toEqual([BOB]);
    expect(t.context().currentRoom?.isHost).toBe(true);
  });

  it("takes a settings update with the room's players, whose readiness it may have reset", async () => {
    const t = await inRoom('alice', room({ players: [ALICE, { ...BOB, ready: true }] }));
    const settings = { boardSize: 10, scoringMechanism: 'connection', maxPlayers: 2, rated: false, timeControl: '3+2', visibility: 'private' } as const;
    t.send({ type: 'room:settingsUpdated', payload: { settings, room: room({ players: [ALICE, { ...BOB, ready: false }], settings }) } });
    expect(t.context().roomSettings).toEqual({ boardSize: 10, scoringMechanism: 'connection', maxPlayers: 2, rated: false, timeControl: '3+2', visibility: 'private' });
    expect(t.context().players.map((p) => p.ready)).toEqual([false, false]);
  });

  it("lets only the host change settings; 'Failed to update settings' on failure", async () => {
    const guest = await inRoom('bob', room({ players: [ALICE, BOB] }));
    guest.send({ type: 'settings.update', settings: { boardSize: 8 } });
    expect(guest.sent.at(-1)?.event).toBe('room:create'); // nothing new sent
    const host = await inRoom();
    host.send({ type: 'settings.update', settings: { boardSize: 8 } });
    expect(host.sent.at(-1)).toEqual({ event: 'room:updateSettings', payload: { boardSize: 8 } });
    await host.reply(new Error('timeout'));
    expect(host.context().connectionError).toBe(ERRORS.settings);
  });

  it("toggles ready; 'Failed to update ready status' on failure", async () => {
    const t = await inRoom();
    t.send({ type: 'ready.set', ready: true });
    expect(t.sent.at(-1)).toEqual({ event: 'room:setReady', payload: { ready: true } });
    await t.reply({ success: false, error: '' });
    expect(t.context().connectionError).toBe(ERRORS.ready);
  });

  it('starts only when allowed', async () => {
    const t = await inRoom('alice', room({ players: [player('alice', true), player('bob', false)] }));
    t.send({ type: 'game.start' });
    expect(t.sent.at(-1)?.event).toBe('room:create');
    const allReady = [player('alice', true), player('bob', true)];
    t.send({ type: 'room:playerReady', payload: { playerId: 'bob', ready: true, players: allReady, room: room({ players: allReady }) } });
    t.send({ type: 'game.start' });
    expect(t.sent.at(-1)).toEqual({ event: 'game:start', payload: {} });
    await t.reply(new Error('x'));
    expect(t.context().connectionError).toBe(ERRORS.start);
  });

  it('counts down with status starting, then plays with the countdown cleared', async () => {
    const t = await inRoom('alice', room({ players: [ALICE, BOB] }));
    t.send({ type: 'room:gameStarting', payload: { countdown: 3, room: room() } });
    expect(t.context()).toMatchObject({ gameCountdown: 3, currentRoom: { status: 'starting' } });
    t.send({ type: 'room:gameStarting', payload: { countdown: 2, room: room() } });
    expect(t.context().gameCountdown).toBe(2);
    t.send({ type: 'game:started', payload: { room: room({ status: 'playing', players: [ALICE, BOB] }), gameState: gameState() } });
    expect(t.context()).toMatchObject({ gameCountdown: null, currentRoom: { status: 'playing' } });
  });

  it('leaving clears room, players, local id, pending undo and countdown, and tells the server', async () => {
    const t = await inRoom();
    t.send({ type: 'room:gameStarting', payload: { countdown: 3, room: room() } });
    t.send({ type: 'room.leave' });
    expect(t.context()).toMatchObject({ currentRoom: null, players: [], localPlayerId: null, pendingUndoRequest: null, gameCountdown: null, rejoinToken: null });
    expect(t.sent.at(-1)).toEqual({ event: 'room:leave', payload: {} });
  });
});


// Quick play in the room statechart: Play online asks the server for a place in the pool,
// the page shows it looking; Cancel is one click; paired, the page enters the room with the token
// it was sent; a dropped socket is out of the pool.
import { describe, expect, it } from 'vitest';
import { NO_SHOW } from './room.machine';
import { ALICE, BOB, inRoom, room, start } from './room.testkit';

const PLAY = { type: 'pool.join', username: ' Alice ', boardSize: 8, timeControl: '3+2' } as const;

async function looking() {
  const t = start();
  t.send({ type: 'socket.connected' });
  t.send(PLAY);
  await t.reply({ success: true, rated: false });
  return t;
}

describe('quick play', () => {
  it('Play online sends the name, board size and time control; the page then shows it looking', async () => {
    const t = await looking();
    expect(t.sent[0]).toEqual({ event: 'pool:join', payload: { username: 'Alice', boardSize: 8, timeControl: '3+2' } });
    expect(t.context().pool).toMatchObject({ boardSize: 8, timeControl: '3+2', rated: false });
    expect(t.context().pool?.since).toBeTypeOf('number');
  });

  it('asks for a username first, as creating a room does', () => {
    const t = start();
    t.send({ type: 'socket.connected' });
    t.send({ ...PLAY, username: '  ' });
    expect(t.sent).toEqual([]);
    expect(t.context().connectionError).toBe('Please enter a username');
  });

  it('shows the server’s refusal', async () => {
    const t = start();
    t.send({ type: 'socket.connected' });
    t.send(PLAY);
    await t.reply({ success: false, error: 'Already in a room' });
    expect(t.context().pool).toBeNull();
    expect(t.context().connectionError).toBe('Already in a room');
  });

  it('Cancel stops looking at once and tells the server', async () => {
    const t = await looking();
    t.send({ type: 'pool.leave' });
    expect(t.context().pool).toBeNull();
    expect(t.sent.at(-1)).toEqual({ event: 'pool:leave', payload: {} });
  });

  it('paired, the page enters the room with the token it was sent', async () => {
    const t = await looking();
    t.send({ type: 'pool:paired', payload: { code: 'ABC123', rejoinToken: 'paired-token' } });
    expect(t.context().pool).toBeNull();
    expect(t.sent.at(-1)).toEqual({ event: 'room:rejoin', payload: { rejoinToken: 'paired-token' } });
    const view = room({ status: 'starting', players: [{ ...ALICE, ready: true }, { ...BOB, ready: true }], quickPlay: true });
    await t.reply({ success: true, room: view, playerId: 'bob', rejoinToken: 'paired-token', gameState: null });
    expect(t.context().currentRoom).toEqual({ code: 'ABC123', status: 'starting', isHost: false, quickPlay: true });
    expect(t.context().rejoinToken).toBe('paired-token');
  });

  it('an opponent who never came: told so, and looking for another at once with the same settings', async () => {
    const t = await looking();
    t.send({ type: 'pool:paired', payload: { code: 'ABC123', rejoinToken: 'paired-token' } });
    const settings = { ...room().settings, boardSize: 8, timeControl: '3+2' } as const;
    const paired = room({ hostId: 'alice', players: [{ ...ALICE, ready: true, connected: false }, { ...BOB, ready: true }], quickPlay: true, settings });
    await t.reply({ success: true, room: paired, playerId: 'bob', rejoinToken: 'paired-token', gameState: null });
    const alone = room({ hostId: 'bob', players: [{ ...BOB, ready: true }], quickPlay: false, settings });
    t.send({ type: 'room:playerLeft', payload: { playerId: 'alice', players: alone.players, hostId: 'bob', room: alone } });
    expect(t.notices).toEqual([{ type: 'notice', message: NO_SHOW, backToLobby: false }]);
    expect(t.context().currentRoom).toBeNull();
    expect(t.sent.slice(-2)).toEqual([
      { event: 'room:leave', payload: {} },
      { event: 'pool:join', payload: { username: BOB.username, boardSize: 8, timeControl: '3+2' } },
    ]);
    await t.reply({ success: true, rated: false });
    expect(t.context().pool).toMatchObject({ boardSize: 8, timeControl: '3+2' });
  });

  it('an opponent who leaves an ordinary room is no pairing that ended', async () => {
    const t = await inRoom('alice', room({ players: [ALICE, BOB] }));
    t.send({ type: 'room:playerLeft', payload: { playerId: 'bob', players: [ALICE], hostId: 'alice', room: room() } });
    expect(t.notices).toEqual([]);
  });

  it('paired while the answer to Play online is still on its way: into the room all the same', () => {
    const t = start();
    t.send({ type: 'socket.connected' });
    t.send(PLAY);
    t.send({ type: 'pool:paired', payload: { code: 'ABC123', rejoinToken: 'paired-token' } });
    expect(t.sent.map((s) => s.event)).toEqual(['pool:join', 'room:rejoin']);
  });

  it('a dropped socket is out of the pool', async () => {
    const t = await looking();
    t.send({ type: 'socket.disconnected', reason: 'transport close' });
    expect(t.context().pool).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { parseServerEvent } from '../protocol/server-events';
import { ERRORS, incomingUndo, isLocalTurn, rematchOf } from './room.machine';
import { resultText } from './room.rules';
import { ALICE, BOB, player, room, gameState, inGame } from './room.testkit';

describe('multiplayer game (SPEC §4 "Multiplayer game events", §5)', () => {
  it('sends a move {row, col} on the local turn only, and ignores clicks off it', async () => {
    const t = await inGame('bob');
    t.send({ type: 'cell.place', row: 2, col: 3 });
    expect(t.sent.at(-1)?.event).toBe('room:create');
    const a = await inGame('alice');
    a.send({ type: 'cell.place', row: 2, col: 3 });
    expect(a.sent.at(-1)).toEqual({ event: 'game:move', payload: { row: 2, col: 3 } });
    const next = gameState({ currentPlayer: 1, moveCount: 1 });
    await a.reply({ success: true, gameState: next });
    expect(a.context().gameState).toEqual(next);
    expect(a.context().lastMoveTimestamp).not.toBeNull();
  });

  it('a refused move is not an error of the page: the game view says why, until the position changes', async () => {
    const t = await inGame();
    t.send({ type: 'cell.place', row: 0, col: 0 });
    const warn = console.warn;
    console.warn = () => {};
    await t.reply({ success: false, error: 'Cell is already taken' });
    console.warn = warn;
    expect(t.context().connectionError).toBeNull();
    expect(t.context().moveRefusal).toBe('Cell is already taken');
    // Another cell, placed: the refusal is over.
    t.send({ type: 'cell.place', row: 1, col: 0 });
    await t.reply({ success: true, gameState: gameState({ currentPlayer: 1, moveCount: 1 }) });
    expect(t.context().moveRefusal).toBeNull();
    // Refused again, then the opponent's undo changes the position: over too.
    t.send({ type: 'game:moveMade', payload: { gameState: gameState({ currentPlayer: 0, moveCount: 2 }), move: { row: 5, col: 5, player: 1 } } });
    t.send({ type: 'cell.place', row: 0, col: 0 });
    console.warn = () => {};
    await t.reply({ success: false, error: 'Cell is already taken' });
    console.warn = warn;
    expect(t.context().moveRefusal).toBe('Cell is already taken');
    t.send({ type: 'game:undoApproved', payload: { requestId: 'u1', gameState: gameState({ currentPlayer: 1, moveCount: 1 }) } });
    expect(t.context().moveRefusal).toBeNull();
  });

  it("updates the board on the opponent's move", async () => {
    const t = await inGame('bob');
    const next = gameState({ currentPlayer: 1, moveCount: 1 });
    t.send({ type: 'game:moveMade', payload: { gameState: next, move: { row: 0, col: 0, player: 0 } } });
    expect(t.context().gameState).toEqual(next);
    expect(isLocalTurn(t.context())).toBe(true);
  });

  it.each([
    [0, 'alice', 'You won!'],
    [0, 'bob', 'You lost!'],
    ['draw', 'alice', 'Game ended in a draw!'],
  ] as const)('tells the finish, for Game Results (winner %s, local %s): %s', async (winner, local, message) => {
    const t = await inGame(local);
    t.send({ type: 'game:finished', payload: { winner, scores: [1n, 1n], reason: 'board-full', gameState: gameState({ progress: 'over' }), room: room() } });
    expect(t.context().currentRoom?.status).toBe('finished');
    expect(t.notices).toEqual([{ type: 'notice', message, backToLobby: false, finished: true }]);
  });

  it('keeps a 16×16 game\'s scores exact from the socket\'s decimal strings, and names the winner by one point past 2^67', async () => {
    const t = await inGame('bob');
    const [high, low] = ['218837978263024718418', '218837978263024718417']; // 3^42·2, the most a 16×16 connection board gives, and one less
    const board = { occupiedCells: [[], []] as string[][], gridWidth: 16, gridHeight: 16 };
    const wire = { ...gameState({ progress: 'over', moveCount: 256 }), boardState: board, scores: [low, high], scoreHistory1: [low], scoreHistory2: [high] };
    const parsed = parseServerEvent('game:moveMade', { gameState: wire, move: { row: 15, col: 15, player: 1 } });
    if (!parsed.ok) throw new Error(parsed.error);
    t.send(parsed.message);
    const game = t.context().gameState!;
    expect(game.scores).toEqual([218837978263024718417n, 218837978263024718418n]);
    expect(game.scoreHistory2).toEqual([218837978263024718418n]);
    expect(resultText(game, null)).toBe('BOB wins!');
  });

  it('requests an undo on its own turn, once; the opponent sees it and approves', async () => {
    const t = await inGame('alice', gameState({ moveCount: 2 }));
    t.send({ type: 'undo.request' });
    expect(t.sent.at(-1)).toEqual({ event: 'game:requestUndo', payload: {} });
    await t.reply({ success: true, requestId: 'u1' });
    expect(t.context().pendingUndoRequest).toEqual({ requestId: 'u1', requestedBy: 0 });
    expect(incomingUndo(t.context())).toBeNull();
    t.send({ type: 'undo.request' });
    expect(t.sent).toHaveLength(2); // not while one is pending

    const bob = await inGame('bob', gameState({ moveCount: 2 }));
    bob.send({ type: 'game:undoRequested', payload: { requestId: 'u1', requestedBy: 0, playerId: 'alice' } });
    expect(incomingUndo(bob.context())).toEqual({ requestId: 'u1', requestedBy: 0 });
    bob.send({ type: 'undo.respond', approved: true });
    expect(bob.sent.at(-1)).toEqual({ event: 'game:respondUndo', payload: { requestId: 'u1', approved: true } });
    await bob.reply(new Error('x'));
    expect(bob.context().connectionError).toBe(ERRORS.respondUndo);

    const restored = gameState({ moveCount: 4 });
    t.send({ type: 'game:undoApproved', payload: { requestId: 'u1', gameState: restored } });
    expect(t.context()).toMatchObject({ gameState: restored, pendingUndoRequest: null });
  });

  it("tells the requester 'Undo request was rejected'; 'Failed to request undo' on failure", async () => {
    const t = await inGame('alice', gameState({ moveCount: 2 }));
    t.send({ type: 'undo.request' });
    await t.reply(new Error('x'));
    expect(t.context().connectionError).toBe(ERRORS.requestUndo);
    t.send({ type: 'undo.request' });
    await t.reply({ success: true, requestId: 'u2' });
    t.send({ type: 'game:undoRejected', payload: { requestId: 'u2' } });
    expect(t.context()).toMatchObject({ pendingUndoRequest: null, connectionError: ERRORS.undoRejected });
  });

  it("alerts '{player} forfeited the game!' and the game ends in place, Rematch open", async () => {
    const t = await inGame('bob');
    t.send({ type: 'game:forfeited', payload: { forfeitingPlayer: { id: 'alice', username: 'ALICE', index: 0 }, winner: 1, reason: 'forfeit' } });
    expect(t.notices).toEqual([{ type: 'notice', message: 'ALICE forfeited the game!', backToLobby: true }]);
    expect(t.sent.map((s) => s.event)).not.toContain('room:leave');
    t.send({ type: 'game:finished', payload: { winner: 1, scores: [3n, 2n], reason: 'forfeit', gameState: gameState({ moveCount: 4 }), room: room({ status: 'finished', players: [ALICE, BOB] }) } });
    expect(t.context().currentRoom?.status).toBe('finished');
    expect(t.context().finish).toMatchObject({ winner: 1, reason: 'forfeit' });
    expect(rematchOf(t.context())).toBe('open');
  });

  it('a forfeit that was not rated says so under the alert', async () => {
    const t = await inGame('bob');
    t.send({ type: 'game:forfeited', payload: { forfeitingPlayer: { id: 'alice', username: 'ALICE', index: 0 }, winner: 1, reason: 'forfeit', unrated: 'pair-limit' } });
    expect(t.notices).toEqual([
      {
        type: 'notice',
        message: 'ALICE forfeited the game!',
        detail: 'Not rated: you have already played a rated game against this opponent in the last 24 hours',
        backToLobby: true,
      },
    ]);
  });

  it("forfeits while playing; 'Failed to forfeit' on failure", async () => {
    const t = await inGame('bob');
    t.send({ type: 'forfeit' });
    expect(t.sent.at(-1)).toEqual({ event: 'game:forfeit', payload: {} });
    await t.reply(new Error('x'));
    expect(t.context().connectionError).toBe(ERRORS.forfeit);
  });

  it('offers a rematch after a full board: ask, wait, see the offer, count down, then the swapped game', async () => {
    const over = gameState({ progress: 'over', moveCount: 36 });
    const finished = { winner: 0 as const, scores: [10n, 8n] as [bigint, bigint], reason: 'board-full' as const, gameState: over };
    const a = await inGame('alice');
    expect(rematchOf(a.context())).toBe('none');
    a.send({ type: 'rematch.request' });
    expect(a.sent.at(-1)?.event).not.toBe('room:rematch'); // not during a game
    a.send({ type: 'game:finished', payload: { ...finished, room: room({ status: 'finished', players: [ALICE, BOB] }) } });
    expect(rematchOf(a.context())).toBe('open');
    a.send({ type: 'rematch.request' });
    expect(a.sent.at(-1)).toEqual({ event: 'room:rematch', payload: {} });
    const swapped = [BOB, player('alice', true)];
    await a.reply({ success: true, room: room({ status: 'waiting', players: swapped }) });
    expect(rematchOf(a.context())).toBe('asked');
    expect(a.context().players.map((p) => p.id)).toEqual(['bob', 'alice']);

    const b = await inGame('bob');
    b.send({ type: 'game:finished', payload: { ...finished, room: room({ status: 'finished', players: [ALICE, BOB] }) } });
    b.send({ type: 'room:playerReady', payload: { playerId: 'alice', ready: true, players: swapped, room: room({ status: 'waiting', players: swapped }) } });
    expect(rematchOf(b.context())).toBe('offered');
    b.send({ type: 'room:gameStarting', payload: { countdown: 3, room: room({ status: 'starting', players: swapped }) } });
    expect(rematchOf(b.context())).toBe('asked');
    const seatsSwapped = gameState({ seats: [{ id: 'bob', username: 'BOB' }, { id: 'alice', username: 'ALICE' }] });
    b.send({ type: 'game:started', payload: { room: room({ status: 'playing', players: swapped }), gameState: seatsSwapped } });
    expect(rematchOf(b.context())).toBe('none');
    expect(isLocalTurn(b.context())).toBe(true); // Bob now sits first

    const c = await inGame('alice');
    c.send({ type: 'game:finished', payload: { ...finished, room: room({ status: 'finished', players: [ALICE, BOB] }) } });
    c.send({ type: 'room:playerLeft', payload: { playerId: 'bob', players: [ALICE], hostId: 'alice', room: room({ status: 'finished', players: [ALICE] }) } });
    expect(rematchOf(c.context())).toBe('opponent-left');
  });
});

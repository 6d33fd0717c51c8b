// Fair play on the client: the lobby's own messages, leaving a game forfeits it, names stay with
// their seats, the shared rules (startRefusal, undoRefusal), and the fair-play events (undo
// withdrawn or lapsed, undo requests left, claim victory, aborted games, server restarts).
import { describe, expect, it } from 'vitest';
import {
  canClaimVictory,
  canRequestUndo,
  canStart,
  ERRORS,
  idleText,
  incomingUndo,
  isLocalTurn,
  localSeat,
  ownUndo,
  RESTARTING_NOTICE,
  resultText,
  unratedText,
  undoLeftText,
  undoRefusalOf,
  undoRequestsLeftOf,
} from './room.machine';
import { ALICE, BOB, gameState, inGame, inRoom, player, room, start } from './room.testkit';

const playing = (overrides: Parameters<typeof room>[0] = {}) => room({ status: 'playing', players: [ALICE, BOB], ...overrides });
/** Alice (player 0) to move, with a move of hers on the board to take back. */
const undoable = () => gameState({ moveCount: 2 });

describe('lobby messages (SPEC §5, §8)', () => {
  it("says 'Please enter a username' or 'Please enter a room code' for the field left empty, and sends nothing", () => {
    const t = start();
    t.send({ type: 'lobby.missing', field: 'username' });
    expect(t.context().connectionError).toBe('Please enter a username');
    t.send({ type: 'lobby.missing', field: 'roomCode' });
    expect(t.context().connectionError).toBe('Please enter a room code');
    t.send({ type: 'socket.connected' });
    expect(t.context().connectionError).toBeNull();
    t.send({ type: 'lobby.missing', field: 'username' });
    expect(t.context().connectionError).toBe(ERRORS.username);
    t.send({ type: 'error.clear' });
    expect(t.context().connectionError).toBeNull();
    expect(t.sent).toEqual([]);
  });
});

describe('leaving a game under way forfeits it', () => {
  it('sends game:forfeit, then room:leave, and ignores the news of the game it left', async () => {
    const t = await inGame('alice', gameState({ moveCount: 3, currentPlayer: 1 }));
    t.send({ type: 'room.leave' });
    expect(t.sent.slice(1)).toEqual([
      { event: 'game:forfeit', payload: {} },
      { event: 'room:leave', payload: {} },
    ]);
    expect(t.context().currentRoom).toBeNull();
    // The server's answers to the forfeit reach the page that has left: no alert, no game.
    t.send({ type: 'game:forfeited', payload: { forfeitingPlayer: { id: 'alice', username: 'ALICE', index: 0 }, winner: 1, reason: 'forfeit' } });
    t.send({
      type: 'game:finished',
      payload: { winner: 1, scores: [1n, 2n], reason: 'forfeit', gameState: gameState({ moveCount: 3 }), room: room({ status: 'finished', players: [ALICE, BOB] }) },
    });
    expect(t.notices).toEqual([]);
    expect(t.context().gameState).toBeNull();
    expect(t.sent.filter((s) => s.event === 'room:leave')).toHaveLength(1);
  });

  it('leaves a room without a game, or after it, without forfeiting', async () => {
    const waiting = await inRoom();
    waiting.send({ type: 'room.leave' });
    expect(waiting.sent.slice(1)).toEqual([{ event: 'room:leave', payload: {} }]);

    const after = await inGame('bob');
    after.send({
      type: 'game:finished',
      payload: { winner: 0, scores: [20n, 16n], reason: 'board-full', gameState: gameState({ progress: 'over' }), room: room({ status: 'finished', players: [ALICE, BOB] }) },
    });
    after.send({ type: 'room.leave' });
    expect(after.sent.slice(1)).toEqual([{ event: 'room:leave', payload: {} }]);
  });
});

describe('names and seats stay with the game (GameStateView.seats)', () => {
  it("after the game the host leaves: the guest keeps its seat, and the result names the game's players", async () => {
    const over = gameState({ progress: 'over', scores: [20n, 16n], moveCount: 36 });
    const t = await inGame('bob');
    t.send({ type: 'game:finished', payload: { winner: 0, scores: [20n, 16n], reason: 'board-full', gameState: over, room: room({ status: 'finished', players: [ALICE, BOB] }) } });
    expect(t.notices).toEqual([{ type: 'notice', message: 'You lost!', backToLobby: false, finished: true }]);
    t.send({ type: 'room:playerLeft', payload: { playerId: 'alice', players: [BOB], hostId: 'bob', room: room({ status: 'finished', hostId: 'bob', players: [BOB] }) } });
    expect(t.context().players).toEqual([BOB]); // Bob is first in the room now...
    expect(localSeat(t.context())).toBe(1); // ...but still player 1 of the game
    expect(resultText(t.context().gameState!, t.context().finish)).toBe('ALICE wins!');
  });

  it('a game lost on time opens Game Results too, from the seat of each player', async () => {
    const t = await inGame('alice');
    const clocks = { remainingMs: [0, 41_000] as [number, number], running: null };
    t.send({ type: 'game:finished', payload: { winner: 1, scores: [3n, 9n], reason: 'timeout', gameState: gameState({ clocks }), room: room({ status: 'finished', players: [ALICE, BOB] }) } });
    expect(t.notices).toEqual([{ type: 'notice', message: 'You lost!', backToLobby: false, finished: true }]);
    expect(t.context().gameState?.clocks).toEqual(clocks);
    expect(resultText(t.context().gameState!, t.context().finish)).toBe('BOB wins on time');
  });

  it('words the finish alert by the seat in the finished game', async () => {
    const t = await inGame('bob');
    // The room's list no longer has Alice first; the game's seats still do.
    t.send({ type: 'room:playerLeft', payload: { playerId: 'alice', players: [BOB], hostId: 'bob', room: playing({ hostId: 'bob', players: [BOB] }) } });
    t.send({
      type: 'game:finished',
      payload: { winner: 1, scores: [3n, 9n], reason: 'board-full', gameState: gameState({ progress: 'over' }), room: room({ status: 'finished', hostId: 'bob', players: [BOB] }) },
    });
    expect(t.notices.at(-1)?.message).toBe('You won!');
  });

  it('words every result from the seats', () => {
    const over = gameState({ progress: 'over', scores: [5n, 9n] });
    expect(resultText(over, { winner: 1, reason: 'board-full' })).toBe('BOB wins!');
    expect(resultText(over, { winner: 'draw', reason: 'board-full' })).toBe('Draw!');
    expect(resultText(over, { winner: 0, reason: 'claimed' })).toBe('ALICE wins: opponent idle');
    expect(resultText(over, { winner: 0, reason: 'forfeit' })).toBe('ALICE wins: opponent forfeited');
    expect(resultText(over, { winner: 1, reason: 'abandoned' })).toBe('BOB wins: opponent left');
    expect(resultText(over, { winner: 0, reason: 'timeout' })).toBe('ALICE wins on time');
    expect(resultText(gameState(), { winner: null, reason: 'aborted' })).toBe('Game aborted');
    // After a rejoin the finish was not heard: a full board speaks for itself; a game under way has none.
    expect(resultText(over, null)).toBe('BOB wins!');
    expect(resultText(gameState({ progress: 'over', scores: [4n, 4n] }), null)).toBe('Draw!');
    expect(resultText(gameState(), null)).toBeNull();
  });
});

describe('shared rules (src/protocol/rules.ts)', () => {
  it('the host may not start while a ready player is away', async () => {
    const away = [player('alice', true), { ...player('bob', true), connected: false }];
    const t = await inRoom('alice', room({ players: away }));
    expect(canStart(t.context())).toBe(false);
    t.send({ type: 'game.start' });
    expect(t.sent).toHaveLength(1);
    const back = [player('alice', true), player('bob', true)];
    t.send({ type: 'room:playerReconnected', payload: { playerId: 'bob', players: back, room: room({ players: back }) } });
    expect(canStart(t.context())).toBe(true);
  });

  it('undo: only on your turn, with a move of yours on the board, none pending, requests left', async () => {
    const first = await inGame('alice');
    expect(undoRefusalOf(first.context())).toBe('Nothing of yours to undo');
    first.send({ type: 'undo.request' });
    expect(first.sent).toHaveLength(1);

    const offTurn = await inGame('bob', undoable());
    expect(undoRefusalOf(offTurn.context())).toBe('Not your turn');

    const spent = await inRoom('alice', room({ players: [ALICE, BOB] }));
    spent.send({ type: 'game:started', payload: { room: playing({ undoRequestsLeft: [0, 3] }), gameState: undoable() } });
    expect(undoRequestsLeftOf(spent.context())).toBe(0);
    expect(undoRefusalOf(spent.context())).toBe('No undo requests left (3 per game)');
    expect(canRequestUndo(spent.context())).toBe(false);

    const ok = await inGame('alice', undoable());
    expect(canRequestUndo(ok.context())).toBe(true);
    ok.send({ type: 'game:undoRequested', payload: { requestId: 'u1', requestedBy: 0, playerId: 'alice' } });
    expect(undoRefusalOf(ok.context())).toBe('An undo request is already pending');
  });

  it('counts undo requests left: one fewer per request, heard once, then as the room says', async () => {
    const t = await inGame('alice', undoable());
    expect(undoRequestsLeftOf(t.context())).toBe(3);
    t.send({ type: 'undo.request' });
    await t.reply({ success: true, requestId: 'u1' });
    // The broadcast of the same request does not count it twice.
    t.send({ type: 'game:undoRequested', payload: { requestId: 'u1', requestedBy: 0, playerId: 'alice' } });
    expect(t.context().undoRequestsLeft).toEqual([2, 3]);
    expect(undoLeftText(undoRequestsLeftOf(t.context()))).toBe('2 undo requests left');

    const bob = await inGame('bob');
    bob.send({ type: 'game:undoRequested', payload: { requestId: 'u1', requestedBy: 0, playerId: 'alice' } });
    expect(bob.context().undoRequestsLeft).toEqual([2, 3]);
    bob.send({ type: 'game:victoryClaimable', payload: { claimant: 1, room: playing({ undoRequestsLeft: [1, 3], claimableBy: 1 }) } });
    expect(bob.context().undoRequestsLeft).toEqual([1, 3]);

    expect(undoLeftText(1)).toBe('1 undo request left');
    expect(undoLeftText(0)).toBe('No undo requests left');
  });
});

describe('fair play', () => {
  it('the requester withdraws a pending undo; everyone drops it on game:undoWithdrawn', async () => {
    const alice = await inGame('alice', undoable());
    alice.send({ type: 'undo.withdraw' });
    expect(alice.sent).toHaveLength(1); // nothing to withdraw yet
    alice.send({ type: 'undo.request' });
    await alice.reply({ success: true, requestId: 'u1' });
    expect(ownUndo(alice.context())).toEqual({ requestId: 'u1', requestedBy: 0 });
    alice.send({ type: 'undo.withdraw' });
    expect(alice.sent.at(-1)).toEqual({ event: 'game:withdrawUndo', payload: {} });
    await alice.reply({ success: true });
    expect(alice.context().pendingUndoRequest).toBeNull();

    const bob = await inGame('bob', undoable());
    bob.send({ type: 'game:undoRequested', payload: { requestId: 'u1', requestedBy: 0, playerId: 'alice' } });
    expect(ownUndo(bob.context())).toBeNull();
    bob.send({ type: 'undo.withdraw' });
    expect(bob.sent).toHaveLength(1); // not Bob's to withdraw
    bob.send({ type: 'game:undoWithdrawn', payload: { requestId: 'old' } });
    expect(incomingUndo(bob.context())).not.toBeNull(); // another request's news
    bob.send({ type: 'game:undoWithdrawn', payload: { requestId: 'u1' } });
    expect(incomingUndo(bob.context())).toBeNull();
    expect(bob.context().connectionError).toBeNull();
  });

  it("a failed withdrawal says so; the request stays", async () => {
    const t = await inGame('alice', undoable());
    t.send({ type: 'undo.request' });
    await t.reply({ success: true, requestId: 'u1' });
    t.send({ type: 'undo.withdraw' });
    await t.reply(new Error('timeout'));
    expect(t.context().connectionError).toBe(ERRORS.withdrawUndo);
    expect(t.context().pendingUndoRequest).not.toBeNull();
  });

  it("a lapsed request arrives as game:undoRejected: 'Undo request was rejected' for the requester only", async () => {
    const alice = await inGame('alice', undoable());
    alice.send({ type: 'undo.request' });
    await alice.reply({ success: true, requestId: 'u1' });
    alice.send({ type: 'game:undoRejected', payload: { requestId: 'u1' } });
    expect(alice.context()).toMatchObject({ pendingUndoRequest: null, connectionError: 'Undo request was rejected' });

    const bob = await inGame('bob', undoable());
    bob.send({ type: 'game:undoRequested', payload: { requestId: 'u1', requestedBy: 0, playerId: 'alice' } });
    bob.send({ type: 'game:undoRejected', payload: { requestId: 'u1' } });
    expect(bob.context()).toMatchObject({ pendingUndoRequest: null, connectionError: null });
  });

  it('the claimant may claim victory over an idle opponent; a move takes the chance away', async () => {
    const alice = await inGame('alice', gameState({ currentPlayer: 1, moveCount: 3 }));
    expect(canClaimVictory(alice.context())).toBe(false);
    alice.send({ type: 'victory.claim' });
    expect(alice.sent).toHaveLength(1);
    alice.send({ type: 'game:victoryClaimable', payload: { claimant: 0, room: playing({ claimableBy: 0 }) } });
    expect(canClaimVictory(alice.context())).toBe(true);
    expect(idleText(alice.context().gameState!, 0)).toBe('BOB has not moved for 2 minutes');
    alice.send({ type: 'victory.claim' });
    expect(alice.sent.at(-1)).toEqual({ event: 'game:claimVictory', payload: {} });
    await alice.reply({ success: false, error: 'You cannot claim victory yet' });
    expect(alice.context().connectionError).toBe('You cannot claim victory yet');

    // Bob, idle, cannot claim; his move takes the claim away from Alice.
    const bob = await inGame('bob', gameState({ currentPlayer: 1, moveCount: 3 }));
    bob.send({ type: 'game:victoryClaimable', payload: { claimant: 0, room: playing({ claimableBy: 0 }) } });
    expect(canClaimVictory(bob.context())).toBe(false);
    alice.send({ type: 'game:moveMade', payload: { gameState: gameState({ currentPlayer: 0, moveCount: 4 }), move: { row: 0, col: 0, player: 1 } } });
    expect(alice.context().claimableBy).toBeNull();
    expect(canClaimVictory(alice.context())).toBe(false);
  });

  it('a rejoin into a game with a claim open shows the claim (room.claimableBy)', () => {
    const t = start();
    t.send({ type: 'socket.connected' });
    t.send({
      type: 'room:rejoined',
      payload: { room: playing({ claimableBy: 1 }), playerId: 'bob', rejoinToken: 'rt', gameState: gameState({ moveCount: 4 }) },
    });
    expect(canClaimVictory(t.context())).toBe(true);
    t.send({ type: 'victory.claim' });
    expect(t.sent).toEqual([{ event: 'game:claimVictory', payload: {} }]);
  });

  it("a claimed win: '<name> wins: opponent idle', without the board-full alert", async () => {
    const t = await inGame('bob', gameState({ currentPlayer: 1, moveCount: 3 }));
    t.send({
      type: 'game:finished',
      payload: { winner: 0, scores: [3n, 2n], reason: 'claimed', gameState: gameState({ currentPlayer: 1, moveCount: 3 }), room: room({ status: 'finished', players: [ALICE, BOB] }) },
    });
    expect(t.context()).toMatchObject({ currentRoom: { status: 'finished' }, finish: { winner: 0, reason: 'claimed' }, claimableBy: null });
    expect(resultText(t.context().gameState!, t.context().finish)).toBe('ALICE wins: opponent idle');
    expect(isLocalTurn(t.context())).toBe(true); // the page shows 'Game over' by the room's status
    expect(t.notices).toEqual([]);
  });

  it('keeps the rating changes of a rated game for Game Results, seat 0 first', async () => {
    const t = await inGame('alice', gameState({ currentPlayer: 1, moveCount: 1 }));
    const ratings = [
      { playerId: ALICE.id, before: 1200, after: 1220 },
      { playerId: BOB.id, before: 1200, after: 1180 },
    ] as const;
    t.send({
      type: 'game:finished',
      payload: { winner: 0, scores: [9n, 4n], reason: 'forfeit', gameState: gameState({ currentPlayer: 1, moveCount: 1 }), room: room({ status: 'finished', players: [ALICE, BOB] }), ratings: [...ratings] },
    });
    expect(t.context().finish).toEqual({ winner: 0, reason: 'forfeit', ratings: [...ratings], unrated: null });
  });

  it('keeps why a rated room\'s game was not rated, in plain words for the page and Game Results', async () => {
    const t = await inGame('alice', gameState({ currentPlayer: 1, moveCount: 3 }));
    t.send({
      type: 'game:finished',
      payload: { winner: 0, scores: [9n, 4n], reason: 'claimed', gameState: gameState({ currentPlayer: 1, moveCount: 3 }), room: room({ status: 'finished', players: [ALICE, BOB] }), unrated: 'too-few-moves' },
    });
    expect(t.context().finish).toEqual({ winner: 0, reason: 'claimed', ratings: null, unrated: 'too-few-moves' });
    expect(unratedText('too-few-moves')).toBe('Not rated: the game ended before each player had made 5 moves');
    expect(unratedText('pair-limit')).toBe('Not rated: you have already played a rated game against this opponent in the last 24 hours');
  });

  it("an aborted game (winner null): 'Game aborted', no alert, no undo, nothing to claim", async () => {
    const t = await inGame('alice', gameState({ currentPlayer: 1, moveCount: 1 }));
    t.send({
      type: 'game:finished',
      payload: { winner: null, scores: [1n, 0n], reason: 'aborted', gameState: gameState({ currentPlayer: 1, moveCount: 1 }), room: room({ status: 'finished', players: [ALICE, BOB] }) },
    });
    expect(t.context().finish).toEqual({ winner: null, reason: 'aborted', ratings: null, unrated: null });
    expect(resultText(t.context().gameState!, t.context().finish)).toBe('Game aborted');
    expect(t.notices).toEqual([]);
    expect(canRequestUndo(t.context())).toBe(false);
    expect(canClaimVictory(t.context())).toBe(false);
    // The next game starts without the old result.
    t.send({ type: 'game:started', payload: { room: playing(), gameState: gameState() } });
    expect(t.context().finish).toBeNull();
  });

  it('server:restarting shows a notice instead of the disconnect error, until the socket is back; the rejoin token stays', async () => {
    const t = await inGame('alice');
    t.send({ type: 'server:restarting', payload: { message: 'The server is restarting' } });
    expect(t.context().serverRestarting).toBe(true);
    expect(RESTARTING_NOTICE).toBe('Server restarting — reconnecting…');
    t.send({ type: 'socket.disconnected', reason: 'transport close' });
    expect(t.context()).toMatchObject({ serverRestarting: true, connectionError: null, rejoinToken: 'rt' });
    t.send({ type: 'socket.connected' });
    expect(t.context().serverRestarting).toBe(false);
    t.send({ type: 'room:rejoined', payload: { room: playing(), playerId: 'alice', rejoinToken: 'rt', gameState: gameState() } });
    expect(t.context().currentRoom?.status).toBe('playing');
    // A plain drop still says what happened.
    t.send({ type: 'socket.disconnected', reason: 'transport close' });
    expect(t.context().connectionError).toBe('Disconnected from server: transport close');
  });
});

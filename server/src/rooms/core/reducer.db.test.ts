// The room reducer as pure functions: the fair-play rules one by one (ratings only
// from games that were played, both players away), replay giving the same room, and a property
// test over random command sequences.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDLE_CLAIM_MS, RATED_MIN_MOVES, SERVER_ERRORS as E, UNDO_LAPSE_MS } from '../../../../src/protocol';
import type { Command } from './commands';
import { playedEnough } from './play';
import { reduce, type Step } from './reducer';
import { GAME_START, Script, T0, config, eventNames, loadConfig, move, playMoves, startedGame } from './reducer.testkit';
import { fromSnapshot, toSnapshot } from './snapshot';
import type { RoomState } from './state';

beforeAll(async () => {
  await loadConfig();
});

describe('joining', () => {
  it('refuses a name already in the room, whatever its case or spaces', () => {
    const s = new Script();
    s.run({ type: 'create', roomId: 'r1', code: 'ABCDEF', playerId: 'a', username: 'Alice', userId: null, tokenHash: 'ha' }, T0);
    for (const username of ['Alice', ' alice ', 'ALICE']) {
      const step = s.run({ type: 'join', playerId: 'b', username, userId: null, tokenHash: 'hb' }, T0);
      expect(step.reply).toEqual({ success: false, error: E.nameTaken });
      expect(step.changed).toBe(false);
    }
    expect(E.nameTaken).toBe('That name is taken in this room');
    expect(s.run({ type: 'join', playerId: 'b', username: 'Alicia', userId: null, tokenHash: 'hb' }, T0).reply.success).toBe(true);
  });
});

describe('the countdown and the start', () => {
  it('counts down 3, 2, 1 on its deadlines and begins the game with both seats', () => {
    const s = new Script();
    s.run({ type: 'create', roomId: 'r1', code: 'ABCDEF', playerId: 'a', username: 'Alice', userId: null, tokenHash: 'ha' }, T0);
    s.run({ type: 'join', playerId: 'b', username: 'Bob', userId: null, tokenHash: 'hb' }, T0);
    s.run({ type: 'setReady', playerId: 'a', ready: true }, T0);
    expect(s.run({ type: 'start', playerId: 'a' }, T0).reply).toEqual({ success: false, error: E.cannotStart });
    s.run({ type: 'setReady', playerId: 'b', ready: true }, T0);
    expect(s.run({ type: 'start', playerId: 'b' }, T0).reply).toEqual({ success: false, error: E.notHost });
    expect(eventNames(s.run({ type: 'start', playerId: 'a' }, T0))).toEqual(['room:gameStarting']);
    // Late ticks apply every deadline due, each at its own time.
    const late = s.run({ type: 'tick' }, T0 + 5000);
    expect(eventNames(late)).toEqual(['room:gameStarting', 'room:gameStarting', 'game:started']);
    expect(s.state.turnSince).toBe(GAME_START);
    expect(s.state.seats).toEqual([{ id: 'a', username: 'Alice' }, { id: 'b', username: 'Bob' }]);
  });
});

describe('fair play', () => {
  it('a forfeit before both players have moved aborts the game: no winner, not rated', () => {
    const s = startedGame();
    s.run(move('a', 0, 0), GAME_START + 1000);
    const step = s.run({ type: 'forfeit', playerId: 'b' }, GAME_START + 2000);
    expect(step.rate).toBeUndefined();
    expect(eventNames(step)).toEqual(['game:finished']);
    expect(step.events[0]?.payload).toMatchObject({ winner: null, reason: 'aborted' });
    expect(s.state.result).toEqual({ winner: null, reason: 'aborted' });
  });

  it('a forfeit after both have moved is a win for the other player, rated once each has made 5 moves', () => {
    const s = startedGame();
    playMoves(s, 2 * RATED_MIN_MOVES, GAME_START + 1000);
    const step = s.run({ type: 'forfeit', playerId: 'b' }, GAME_START + 60_000);
    expect(eventNames(step)).toEqual(['game:forfeited', 'game:finished']);
    expect(step.rate).toMatchObject({ player1Id: 'user-a', player2Id: 'user-b', winner: 0 });
    for (const { payload } of step.events) expect(payload).not.toHaveProperty('unrated');
  });

  it('a player gone before both have moved aborts the game too', () => {
    const s = startedGame();
    s.run({ type: 'dropped', playerId: 'a' }, GAME_START + 10);
    const step = s.run({ type: 'tick' }, GAME_START + 10 + config.graceMs);
    expect(s.state.result).toEqual({ winner: null, reason: 'aborted' });
    expect(step.rate).toBeUndefined();
  });

  it('the requester may withdraw an undo request; nobody else may', () => {
    const s = startedGame();
    s.run(move('a', 0, 0), GAME_START + 1);
    s.run(move('b', 1, 1), GAME_START + 2);
    const asked = s.run({ type: 'requestUndo', playerId: 'a', requestId: 'u1' }, GAME_START + 3);
    expect(asked.reply).toEqual({ success: true, requestId: 'u1' });
    expect(s.run({ type: 'withdrawUndo', playerId: 'b' }, GAME_START + 4).reply).toEqual({ success: false, error: E.notYourUndo });
    expect(s.run(move('a', 2, 2), GAME_START + 5).reply).toEqual({ success: false, error: E.undoPending });
    const withdrawn = s.run({ type: 'withdrawUndo', playerId: 'a' }, GAME_START + 6);
    expect(withdrawn.events).toEqual([{ event: 'game:undoWithdrawn', payload: { requestId: 'u1' } }]);
    expect(s.run(move('a', 2, 2), GAME_START + 7).reply).toMatchObject({ success: true });
  });

  it('an unanswered undo request lapses after 30 s as a rejection', () => {
    const s = startedGame();
    s.run(move('a', 0, 0), GAME_START + 1);
    s.run(move('b', 1, 1), GAME_START + 2);
    s.run({ type: 'requestUndo', playerId: 'a', requestId: 'u1' }, GAME_START + 3);
    expect(s.run({ type: 'tick' }, GAME_START + 3 + UNDO_LAPSE_MS - 1).events).toEqual([]);
    const lapsed = s.run({ type: 'tick' }, GAME_START + 3 + UNDO_LAPSE_MS);
    expect(lapsed.events).toEqual([{ event: 'game:undoRejected', payload: { requestId: 'u1' } }]);
    expect(s.state.pendingUndo).toBeNull();
    expect(s.run(move('a', 2, 2), GAME_START + UNDO_LAPSE_MS + 10).reply).toMatchObject({ success: true });
  });

  it('at most 3 undo requests per player per game', () => {
    const s = startedGame();
    s.run(move('a', 0, 0), GAME_START + 1);
    s.run(move('b', 1, 1), GAME_START + 2);
    for (let i = 0; i < 3; i++) {
      expect(s.run({ type: 'requestUndo', playerId: 'a', requestId: `u${i}` }, GAME_START + 10 + i).reply).toMatchObject({ success: true });
      s.run({ type: 'respondUndo', playerId: 'b', requestId: `u${i}`, approved: false }, GAME_START + 10 + i);
    }
    expect(s.state.undoRequestsLeft).toEqual([0, 3]);
    expect(s.run({ type: 'requestUndo', playerId: 'a', requestId: 'u4' }, GAME_START + 20).reply).toEqual({ success: false, error: E.undoLimit });
  });

  it('after 2 minutes without a move the opponent may claim victory, rated', () => {
    const s = startedGame();
    const last = playMoves(s, 2 * RATED_MIN_MOVES, GAME_START + 1000);
    expect(s.run({ type: 'claimVictory', playerId: 'b' }, last + 1000).reply).toEqual({ success: false, error: E.cannotClaim });
    const idle = s.run({ type: 'tick' }, last + IDLE_CLAIM_MS);
    expect(eventNames(idle)).toEqual(['game:victoryClaimable']);
    expect(idle.events[0]?.payload).toMatchObject({ claimant: 1 });
    expect(s.run({ type: 'claimVictory', playerId: 'a' }, last + IDLE_CLAIM_MS + 1).reply).toEqual({ success: false, error: E.cannotClaim });
    const claimed = s.run({ type: 'claimVictory', playerId: 'b' }, last + IDLE_CLAIM_MS + 2);
    expect(s.state.result).toEqual({ winner: 1, reason: 'claimed' });
    expect(claimed.rate).toMatchObject({ winner: 1 });
  });

  it('a move by the idle player takes the claim away', () => {
    const s = startedGame();
    s.run(move('a', 0, 0), GAME_START + 1000);
    s.run(move('b', 1, 1), GAME_START + 2000);
    s.run({ type: 'tick' }, GAME_START + 2000 + IDLE_CLAIM_MS);
    expect(s.state.claimableBy).toBe(1);
    s.run(move('a', 2, 2), GAME_START + 2000 + IDLE_CLAIM_MS + 5);
    expect(s.state.claimableBy).toBeNull();
    expect(s.run({ type: 'claimVictory', playerId: 'b' }, GAME_START + 2000 + IDLE_CLAIM_MS + 6).reply).toEqual({ success: false, error: E.cannotClaim });
  });

  it('an undo request answered by the opponent restarts the idle clock and takes the claim away', () => {
    const s = startedGame();
    s.run(move('a', 0, 0), GAME_START + 1000);
    s.run(move('b', 1, 1), GAME_START + 2000);
    s.run({ type: 'tick' }, GAME_START + 2000 + IDLE_CLAIM_MS);
    expect(s.state.claimableBy).toBe(1);
    s.run({ type: 'requestUndo', playerId: 'a', requestId: 'u1' }, GAME_START + 2000 + IDLE_CLAIM_MS + 1);
    s.run({ type: 'respondUndo', playerId: 'b', requestId: 'u1', approved: true }, GAME_START + 2000 + IDLE_CLAIM_MS + 2);
    expect(s.state.claimableBy).toBeNull();
    expect(s.run({ type: 'claimVictory', playerId: 'b' }, GAME_START + 2000 + IDLE_CLAIM_MS + 3).reply).toEqual({ success: false, error: E.cannotClaim });
  });

  it('a first player who never moves gets the game aborted, not lost', () => {
    const s = startedGame();
    s.run({ type: 'tick' }, GAME_START + IDLE_CLAIM_MS);
    expect(s.state.result).toEqual({ winner: null, reason: 'aborted' });
  });

  it('a restart gives everyone a fresh grace period and the game its clocks back', () => {
    const s = startedGame();
    s.run(move('a', 0, 0), GAME_START + 1000);
    s.run({ type: 'requestUndo', playerId: 'b', requestId: 'x' }, GAME_START + 1001); // refused: nothing of Bob's to undo
    s.run(move('b', 1, 1), GAME_START + 2000);
    s.run({ type: 'requestUndo', playerId: 'a', requestId: 'u1' }, GAME_START + 3000);
    const after = GAME_START + 3000 + UNDO_LAPSE_MS + 10_000; // down longer than the lapse
    s.run({ type: 'restarted' }, after);
    expect(s.state.members.map((m) => [m.connected, m.awayUntil])).toEqual([[false, after + config.graceMs], [false, after + config.graceMs]]);
    expect(s.state.pendingUndo?.lapsesAt).toBe(after + UNDO_LAPSE_MS);
    s.run({ type: 'back', playerId: 'a' }, after + 5);
    s.run({ type: 'back', playerId: 'b' }, after + 6);
    expect(s.state.pendingUndo).not.toBeNull();
    expect(s.state.status).toBe('playing');
  });
});

const finishedPayload = (step: Step) => step.events.find((e) => e.event === 'game:finished')?.payload;

describe('ratings only from games that were played', () => {
  it('a forfeit before each player has made 5 moves is a win, not rated, and the players are told why', () => {
    const s = startedGame();
    playMoves(s, 2 * RATED_MIN_MOVES - 1, GAME_START + 1000); // Alice 5, Bob 4
    const step = s.run({ type: 'forfeit', playerId: 'b' }, GAME_START + 60_000);
    expect(s.state.result).toEqual({ winner: 0, reason: 'forfeit' });
    expect(step.rate).toBeUndefined();
    expect(step.events.map((e) => [e.event, (e.payload as { unrated?: string }).unrated])).toEqual([
      ['game:forfeited', 'too-few-moves'],
      ['game:finished', 'too-few-moves'],
    ]);
  });

  it('moves taken back by an undo do not count', () => {
    const s = startedGame();
    const last = playMoves(s, 2 * RATED_MIN_MOVES, GAME_START + 1000);
    s.run({ type: 'requestUndo', playerId: 'a', requestId: 'u1' }, last + 1);
    expect(s.run({ type: 'respondUndo', playerId: 'b', requestId: 'u1', approved: true }, last + 2).reply).toEqual({ success: true });
    const step = s.run({ type: 'forfeit', playerId: 'a' }, last + 3);
    expect(step.rate).toBeUndefined();
    expect(finishedPayload(step)).toMatchObject({ winner: 1, reason: 'forfeit', unrated: 'too-few-moves' });
  });

  it('a player gone for good before 5 moves each loses, not rated', () => {
    const s = startedGame();
    const last = playMoves(s, 4, GAME_START + 1000);
    s.run({ type: 'dropped', playerId: 'a' }, last + 1);
    const step = s.run({ type: 'tick' }, last + 1 + config.graceMs);
    expect(s.state.result).toEqual({ winner: 1, reason: 'abandoned' });
    expect(step.rate).toBeUndefined();
    expect(finishedPayload(step)).toMatchObject({ unrated: 'too-few-moves' });
  });

  it('a casual game or an anonymous player gets no reason: it was never to be rated', () => {
    for (const s of [startedGame(true, { rated: false }), startedGame(false)]) {
      playMoves(s, 2, GAME_START + 1000);
      const step = s.run({ type: 'forfeit', playerId: 'b' }, GAME_START + 60_000);
      expect(step.rate).toBeUndefined();
      expect(finishedPayload(step)).not.toHaveProperty('unrated');
    }
  });
});

describe('both players away', () => {
  /** A game where each has made 5 moves: anything decided now would be rated. */
  function ratedGame(): { s: Script; at: number } {
    const s = startedGame();
    return { s, at: playMoves(s, 2 * RATED_MIN_MOVES, GAME_START + 1000) + 1000 };
  }

  it('both away past their grace periods: the game is aborted for both, unrated, whoever dropped first', () => {
    for (const first of ['a', 'b']) {
      const { s, at } = ratedGame();
      const second = first === 'a' ? 'b' : 'a';
      s.run({ type: 'dropped', playerId: first }, at);
      s.run({ type: 'dropped', playerId: second }, at + 10_000);
      // The first one's grace ran out with nobody there to win: the game waits.
      expect(s.run({ type: 'tick' }, at + config.graceMs).events).toEqual([]);
      expect(s.state.status).toBe('playing');
      const step = s.run({ type: 'tick' }, at + 10_000 + config.graceMs);
      expect(s.state.result).toEqual({ winner: null, reason: 'aborted' });
      expect(eventNames(step)).toEqual(['game:finished']);
      expect(finishedPayload(step)).toMatchObject({ winner: null, reason: 'aborted' });
      expect(step.rate).toBeUndefined();
    }
  });

  it('after a restart nobody comes back: aborted, not a loss for seat 0', () => {
    const { s, at } = ratedGame();
    s.run({ type: 'restarted' }, at);
    const step = s.run({ type: 'tick' }, at + config.graceMs);
    expect(s.state.result).toEqual({ winner: null, reason: 'aborted' });
    expect(step.rate).toBeUndefined();
  });

  it('back within their grace period to an opponent whose own ran out: the opponent forfeits, rated', () => {
    const { s, at } = ratedGame();
    s.run({ type: 'dropped', playerId: 'a' }, at);
    s.run({ type: 'dropped', playerId: 'b' }, at + 10_000);
    s.run({ type: 'tick' }, at + config.graceMs);
    const step = s.run({ type: 'back', playerId: 'b' }, at + config.graceMs + 5000);
    expect(eventNames(step)).toEqual(['room:playerReconnected', 'game:forfeited', 'game:finished']);
    expect(s.state.result).toEqual({ winner: 1, reason: 'abandoned' });
    expect(step.rate).toMatchObject({ winner: 1 });
    expect(step.reply).toMatchObject({ success: true, entered: { room: { status: 'finished' } } });
  });

  it('one away while the other is present: the absent one forfeits when their grace runs out, rated', () => {
    const { s, at } = ratedGame();
    s.run({ type: 'dropped', playerId: 'b' }, at);
    const step = s.run({ type: 'tick' }, at + config.graceMs);
    expect(s.state.result).toEqual({ winner: 0, reason: 'abandoned' });
    expect(step.rate).toMatchObject({ winner: 0 });
  });

  it('after a restart, a player back at the very moment both graces run out finds the game aborted, and is back in the room', () => {
    const { s, at } = ratedGame();
    s.run({ type: 'restarted' }, at);
    s.run({ type: 'back', playerId: 'a' }, at + config.graceMs);
    expect(s.state.status).toBe('finished');
    expect(s.state.result).toEqual({ winner: null, reason: 'aborted' });
    expect(s.state.members.find((m) => m.id === 'a')?.connected).toBe(true);
  });

  it('a player back after their grace ran out, while the opponent is still away, plays on; the opponent then forfeits', () => {
    const { s, at } = ratedGame();
    s.run({ type: 'dropped', playerId: 'a' }, at);
    s.run({ type: 'dropped', playerId: 'b' }, at + 10_000);
    s.run({ type: 'tick' }, at + config.graceMs);
    s.run({ type: 'back', playerId: 'a' }, at + config.graceMs + 1000);
    expect(s.state.status).toBe('playing');
    s.run({ type: 'tick' }, at + 10_000 + config.graceMs);
    expect(s.state.result).toEqual({ winner: 0, reason: 'abandoned' });
  });
});

describe('replay', () => {
  it('the log replayed gives the same room, and a snapshot round-trips', () => {
    const s = startedGame();
    s.run(move('a', 0, 0), GAME_START + 1);
    s.run(move('b', 1, 1), GAME_START + 2);
    s.run({ type: 'requestUndo', playerId: 'a', requestId: 'u1' }, GAME_START + 3);
    s.run({ type: 'respondUndo', playerId: 'b', requestId: 'u1', approved: true }, GAME_START + 4);
    s.run(move('a', 3, 3), GAME_START + 5);
    let replayed: RoomState | null = null;
    for (const { command, at } of s.log) replayed = reduce(replayed, command, at, config).room;
    expect(replayed && toSnapshot(replayed)).toEqual(toSnapshot(s.state));
    const restored = fromSnapshot(JSON.parse(JSON.stringify(toSnapshot(s.state))), config);
    expect(restored.game?.scores).toEqual(s.state.game?.scores);
    expect([...(restored.game?.boardState.occupiedCells[0] ?? [])]).toEqual([...(s.state.game?.boardState.occupiedCells[0] ?? [])]);
  });
});

describe('random command sequences never break an invariant', () => {
  const players = ['a', 'b'] as const;
  const commandArb: fc.Arbitrary<Command> = fc.oneof(
    { weight: 8, arbitrary: fc.record({ type: fc.constant('move' as const), playerId: fc.constantFrom(...players), row: fc.integer({ min: -1, max: 6 }), col: fc.integer({ min: -1, max: 6 }) }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('requestUndo' as const), playerId: fc.constantFrom(...players), requestId: fc.constantFrom('u1', 'u2') }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('respondUndo' as const), playerId: fc.constantFrom(...players), requestId: fc.constantFrom('u1', 'u2'), approved: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('withdrawUndo' as const), playerId: fc.constantFrom(...players) }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('dropped' as const, 'back' as const), playerId: fc.constantFrom(...players) }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('claimVictory' as const), playerId: fc.constantFrom(...players) }) },
    { weight: 1, arbitrary: fc.constant({ type: 'tick' as const }) },
    { weight: 1, arbitrary: fc.constant({ type: 'restarted' as const }) },
  );

  it('the board and the move list agree, the turn alternates, a finished game takes no moves', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(commandArb, fc.integer({ min: 0, max: 70_000 })), { maxLength: 120 }), (script) => {
        const s = startedGame();
        let now = GAME_START;
        for (const [command, gap] of script) {
          now += gap;
          const wasFinished = s.room?.status === 'finished';
          const step = s.run(command, now);
          const room = step.room;
          if (!room) return;
          if (wasFinished && command.type === 'move') expect(step.reply).toMatchObject({ success: false });
          const game = room.game;
          if (!game) continue;
          const [zero, one] = game.boardState.occupiedCells;
          expect(zero.size + one.size).toBe(room.moves.length);
          room.moves.forEach((m, i) => {
            expect(m.player).toBe(i % 2);
            expect((m.player === 0 ? zero : one).has(`${m.col}-${m.row}`)).toBe(true);
          });
          if (room.status === 'playing') expect(game.currentPlayer).toBe(room.moves.length % 2);
          expect(room.undoRequestsLeft.every((n) => n >= 0 && n <= 3)).toBe(true);
          // Aborted: before both moved, or with both players away past their grace periods. A
          // player back at the very moment both graces ran out comes back to the aborted game:
          // the deadlines are passed first, then their command.
          const backNow = command.type === 'back' ? command.playerId : null;
          if (!wasFinished && room.result?.reason === 'aborted' && room.moved[0] && room.moved[1]) {
            expect(room.members.every((m) => !m.connected || m.id === backNow)).toBe(true);
          }
          // Rated: a full board, or a game where each player made RATED_MIN_MOVES moves.
          if (step.rate) expect(room.result?.reason === 'board-full' || playedEnough(room)).toBe(true);
        }
        let replayed: RoomState | null = null;
        for (const { command, at } of s.log) replayed = reduce(replayed, command, at, config).room;
        expect(replayed && toSnapshot(replayed)).toEqual(s.room && toSnapshot(s.room));
      }),
      { numRuns: 150 },
    );
  });
});

// A timed game's clocks in the room reducer, as pure functions on simulated time: each clock starts
// after its player's first move, the Fischer increment, a flag on time (rated once each player has
// made 5 moves), the idle rule only before a clock runs, a restart that gives back the time the
// server was down.
import { beforeAll, describe, expect, it } from 'vitest';
import { IDLE_CLAIM_MS, RATED_MIN_MOVES, SERVER_ERRORS as E, type GameStateView, type Wire } from '../../../../src/protocol';
import { nextDeadline, type Step } from './reducer';
import { GAME_START, config, eventNames, loadConfig, move, playMoves, startedGame } from './reducer.testkit';
import { fromSnapshot, toSnapshot } from './snapshot';
import { gameView } from './state';

beforeAll(async () => {
  await loadConfig();
});

const MINUTE = 60_000;
const clocksOf = (step: Step) => (step.events.find((e) => e.event === 'game:moveMade')?.payload as { gameState: Wire<GameStateView> }).gameState.clocks;
const finished = (step: Step) => step.events.find((e) => e.event === 'game:finished')?.payload as { winner: unknown; reason: string; gameState: Wire<GameStateView> };

/** A 1+1 game where Alice moved at +5 s and Bob at +10 s: Alice's clock runs from +10 s. */
function bothMoved(timeControl: '1+1' | '10+5' = '1+1', rated = true) {
  const s = startedGame(true, { timeControl, rated });
  s.run(move('a', 0, 0), GAME_START + 5000);
  s.run(move('b', 0, 1), GAME_START + 10_000);
  return s;
}

describe('clocks', () => {
  it('an untimed game has none, and no deadline but the idle claim', () => {
    const s = startedGame();
    expect(gameView(s.state, GAME_START)?.clocks).toBeNull();
    expect(nextDeadline(s.state, config)).toBe(GAME_START + IDLE_CLAIM_MS);
  });

  it("start full, and each runs only after its player's first move; the increment comes with every timed move", () => {
    const s = startedGame(true, { timeControl: '1+1' });
    expect(gameView(s.state, GAME_START)?.clocks).toEqual({ remainingMs: [MINUTE, MINUTE], running: null });
    expect(clocksOf(s.run(move('a', 0, 0), GAME_START + 5000))).toEqual({ remainingMs: [MINUTE, MINUTE], running: null });
    // Bob's first move is free too; now Alice has moved before, so her clock runs.
    expect(clocksOf(s.run(move('b', 0, 1), GAME_START + 10_000))).toEqual({ remainingMs: [MINUTE, MINUTE], running: 0 });
    expect(gameView(s.state, GAME_START + 12_500)?.clocks).toEqual({ remainingMs: [MINUTE - 2500, MINUTE], running: 0 });
    // Alice used 3 s and gets 1 s back; Bob's clock runs.
    expect(clocksOf(s.run(move('a', 1, 0), GAME_START + 13_000))).toEqual({ remainingMs: [MINUTE - 2000, MINUTE], running: 1 });
    expect(clocksOf(s.run(move('b', 1, 1), GAME_START + 20_000))).toEqual({ remainingMs: [MINUTE - 2000, MINUTE - 6000], running: 0 });
  });

  it('a flag is a loss on time when the deadline comes, and the clocks stop; before 5 moves each it is not rated', () => {
    const s = bothMoved();
    s.run(move('a', 1, 0), GAME_START + 13_000); // Alice 59 s; Bob's 60 s run from +13 s
    const flagAt = GAME_START + 13_000 + MINUTE;
    expect(nextDeadline(s.state, config)).toBe(flagAt);
    expect(eventNames(s.run({ type: 'tick' }, flagAt - 1))).toEqual([]);
    const step = s.run({ type: 'tick' }, flagAt);
    expect(finished(step)).toMatchObject({ winner: 0, reason: 'timeout', unrated: 'too-few-moves' });
    expect(finished(step).gameState.clocks).toEqual({ remainingMs: [MINUTE - 2000, 0], running: null });
    expect(step.rate).toBeUndefined();
    expect(s.run(move('b', 2, 1), flagAt + 1).reply).toEqual({ success: false, error: E.notPlaying });
  });

  it('a flag once each player has made 5 moves is rated', () => {
    const s = startedGame(true, { timeControl: '1+1' });
    playMoves(s, 2 * RATED_MIN_MOVES + 1, GAME_START + 1000); // Alice's sixth move: Bob's clock runs
    const flagAt = nextDeadline(s.state, config)!;
    const step = s.run({ type: 'tick' }, flagAt);
    expect(finished(step)).toMatchObject({ winner: 0, reason: 'timeout' });
    expect(finished(step)).not.toHaveProperty('unrated');
    expect(step.rate).toMatchObject({ player1Id: 'user-a', player2Id: 'user-b', winner: 0 });
  });

  it('a flag found late (at the next command) ends the game at its own time, and the late move is refused', () => {
    const s = bothMoved();
    const flagAt = GAME_START + 10_000 + MINUTE; // Alice's clock ran out
    const step = s.run(move('a', 1, 0), flagAt + 5000);
    expect(step.reply).toEqual({ success: false, error: E.notPlaying });
    expect(finished(step)).toMatchObject({ winner: 1, reason: 'timeout' });
    expect(s.state.expiresAt).toBe(flagAt + config.finishedTtlMs);
  });

  it('a casual game lost on time changes no rating', () => {
    const s = bothMoved('1+1', false);
    const step = s.run({ type: 'tick' }, GAME_START + 10_000 + MINUTE);
    expect(finished(step)).toMatchObject({ winner: 1, reason: 'timeout' });
    expect(step.rate).toBeUndefined();
  });

  it('a running clock stands in for the idle claim; before any clock runs, an idle first move aborts the game', () => {
    const s = bothMoved('10+5');
    expect(nextDeadline(s.state, config)).toBe(GAME_START + 10_000 + 10 * MINUTE);
    expect(eventNames(s.run({ type: 'tick' }, GAME_START + 10_000 + IDLE_CLAIM_MS + 1))).toEqual([]);
    expect(s.state.claimableBy).toBeNull();

    const idle = startedGame(true, { timeControl: '10+5' });
    const step = idle.run({ type: 'tick' }, GAME_START + IDLE_CLAIM_MS);
    expect(finished(step)).toMatchObject({ winner: null, reason: 'aborted' });
  });

  it('an undo request does not stop the requester’s clock, and an approved undo leaves it running', () => {
    const s = bothMoved();
    s.run(move('a', 1, 0), GAME_START + 13_000);
    s.run(move('b', 1, 1), GAME_START + 20_000); // Bob 53 s left; Alice's 59 s run from +20 s
    s.run({ type: 'requestUndo', playerId: 'a', requestId: 'u1' }, GAME_START + 21_000);
    s.run({ type: 'respondUndo', playerId: 'b', requestId: 'u1', approved: true }, GAME_START + 25_000);
    expect(gameView(s.state, GAME_START + 25_000)?.clocks).toEqual({ remainingMs: [MINUTE - 2000 - 5000, MINUTE - 6000], running: 0 });
  });

  it("after a restart the player to move is charged only up to the room's last known moment, and their clock waits for them", () => {
    const s = bothMoved(); // Alice's clock runs from +10 s
    const lastAt = GAME_START + 25_000;
    const back = GAME_START + 10 * MINUTE;
    s.run({ type: 'restarted', lastAt }, back);
    expect(gameView(s.state, back + 5000)?.clocks).toEqual({ remainingMs: [MINUTE - 15_000, MINUTE], running: null });
    // Bob coming back first does not start Alice's clock; Alice coming back does, and both hear it.
    expect(eventNames(s.run({ type: 'back', playerId: 'b' }, back + 3000))).toEqual(['room:playerReconnected']);
    const step = s.run({ type: 'back', playerId: 'a' }, back + 5000);
    expect(eventNames(step)).toEqual(['room:playerReconnected', 'game:clockResumed']);
    expect(step.events[1]?.payload).toEqual({ clocks: { remainingMs: [MINUTE - 15_000, MINUTE], running: 0 } });
    expect(nextDeadline(s.state, config)).toBe(back + 5000 + MINUTE - 15_000);
    // Without a known last moment (an old log), the turn's time is given back in full.
    const old = bothMoved();
    old.run({ type: 'restarted' }, back);
    expect(gameView(old.state, back)?.clocks).toEqual({ remainingMs: [MINUTE, MINUTE], running: null });
  });

  it('a snapshot keeps the clocks; one from before clocks existed is an untimed game', () => {
    const s = bothMoved();
    expect(fromSnapshot(toSnapshot(s.state), config).clock).toEqual(s.state.clock);
    const { clock: _clock, ...old } = toSnapshot(s.state);
    expect(fromSnapshot(old as ReturnType<typeof toSnapshot>, config).clock).toBeNull();
  });
});

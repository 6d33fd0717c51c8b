/**
 * Whole 16×16 games through the game statechart, as the page plays them, to their end: the scores
 * exact past 2^64, every position's checked against SPEC §9's scoring worked out again with BigInt.
 * Simulated time; the computer is the real engine, called on this thread.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type Actor } from 'xstate';
import type { Engine } from '../engine';
import { loadEngine } from '../engine/load';
import { oracleScores, squaresGame } from '../game/score-oracle.testkit';
import { DEFAULT_SETTINGS } from '../game/settings';
import type { GameState, Settings } from '../game/types';
import { AI_MOVE_DELAY, AI_TRIGGER_DELAY, gameMachine, RESULTS_DELAY, type AiTask } from './game.machine';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/** Lets promise callbacks (the invoked search) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(settings: Settings) {
  const clock = new SimulatedClock();
  const machine = gameMachine.provide({ actors: { chooseAiMove: fromPromise(async ({ input }: { input: AiTask }) => engine.chooseMove(input.request)) } });
  const actor = createActor(machine, { clock, input: { engine, settings, now: 1 } }).start();
  return { actor, clock };
}

const gameOf = (actor: Actor<typeof gameMachine>): GameState => actor.getSnapshot().context.game;

/** Every position of the game, from its history, scored as the engine did and as SPEC §9 says. */
function expectEveryPositionExact(game: GameState): void {
  for (const [index, entry] of game.history.entries()) {
    expect(entry.scores, `scores after move ${index}`).toEqual(oracleScores(entry.boardState, game.scoringMechanism));
  }
  expect(game.scoreHistory1).toEqual(game.history.slice(1).map((entry) => entry.scores[0]));
  expect(game.scoreHistory2).toEqual(game.history.slice(1).map((entry) => entry.scores[1]));
}

describe('a whole 16×16 expansion game through the game statechart', () => {
  const settings: Settings = { ...DEFAULT_SETTINGS, boardSize: '16', scoringMechanism: 'expansion' };

  it('two players on one device: over on the full board, scores exact past 2^64, results 500 ms later', () => {
    const { actor, clock } = start({ ...settings, playerMode: 'user' });
    for (const cell of squaresGame(16, 5)) actor.send({ type: 'cell.place', cell });
    const game = gameOf(actor);
    expect(actor.getSnapshot().matches({ over: 'settling' })).toBe(true);
    expect(game.progress).toBe('over');
    expect(game.history).toHaveLength(257);
    expect(game.scores).toEqual(oracleScores(game.boardState, 'expansion'));
    expect(game.scores[0]).toBeGreaterThan(2n ** 64n);
    expect(game.scores[1]).toBeGreaterThan(2n ** 64n);
    expectEveryPositionExact(game);
    clock.increment(RESULTS_DELAY);
    expect(actor.getSnapshot().matches({ over: 'results' })).toBe(true);
    // Undo from the end restores the exact scores before the last move.
    actor.send({ type: 'undo' });
    expect(gameOf(actor).scores).toEqual(game.history.at(-2)?.scores);
    expect(gameOf(actor).scoreHistory1).toEqual(game.scoreHistory1.slice(0, -1));
  });

  // Hard against Hard: the kind of game that used to stop at a move the engine refused.
  it('against the computer at Hard, the player playing as Hard would: every move lands, each position scored exactly', async () => {
    const { actor, clock } = start({ ...settings, playerMode: 'ai', aiDifficulty: 'hard' });
    for (let turn = 0; turn < 256 && gameOf(actor).progress !== 'over'; turn++) {
      if (actor.getSnapshot().matches('playing')) {
        const game = gameOf(actor);
        const cell = engine.chooseMove({ board: game.boardState, player: 0, level: 'hard', mode: 'expansion', seed: turn })?.cell;
        if (!cell) throw new Error('no move on a board still being played');
        actor.send({ type: 'cell.place', cell });
      } else {
        clock.increment(AI_TRIGGER_DELAY);
        await settle();
        clock.increment(AI_MOVE_DELAY);
      }
    }
    const game = gameOf(actor);
    expect(game.progress).toBe('over');
    expect(game.history).toHaveLength(257);
    expect(game.boardState.occupiedCells.map((cells) => cells.size)).toEqual([128, 128]);
    expectEveryPositionExact(game);
  });
});

/**
 * "No mirroring" in the game statechart, with simulated time and the real engine: a tap
 * that copies the opponent's cells is refused with the page's message and the turn stays
 * the player's, and the computer never answers with a copy, whatever its search proposes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AiLevel, AiMove, AiRequest, CellKey, Engine } from '../engine';
import { loadEngine } from '../engine/load';
import { MIRRORING_REFUSED } from '../game/mirrorRule';
import { DEFAULT_SETTINGS } from '../game/settings';
import type { Settings } from '../game/types';
import { place, settle, startGame } from './game.testkit';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const start = (settings: Settings, ai?: (request: AiRequest) => Promise<AiMove | null>) => startGame(engine, settings, ai);

/** The five images of cell (x, y) on a 6×6 board: the half turn, two axis flips, two diagonal flips. */
const images = (x: number, y: number): CellKey[] => [`${5 - x}-${5 - y}`, `${5 - x}-${y}`, `${x}-${5 - y}`, `${y}-${x}`, `${5 - y}-${5 - x}`];

const twoPlayers: Settings = { ...DEFAULT_SETTINGS, playerMode: 'user', mirrorRule: true };

describe('the game statechart under No mirroring', () => {
  it("refuses the second player's copy with the message; the turn stays theirs; another cell is played", () => {
    const { actor } = start(twoPlayers);
    actor.send(place(2, 1));
    actor.send(place(3, 4)); // the half-turn image of (2, 1)
    let { game, refusal } = actor.getSnapshot().context;
    expect(refusal).toBe(MIRRORING_REFUSED);
    expect(game.boardState.occupiedCells[1].size).toBe(0);
    expect(game.currentPlayer).toBe(1);
    actor.send(place(0, 0));
    ({ game, refusal } = actor.getSnapshot().context);
    expect(refusal).toBeNull();
    expect([...game.boardState.occupiedCells[1]]).toEqual(['0-0']);
    expect(game.currentPlayer).toBe(0);
  });

  it('undo and reset clear the message and keep working', () => {
    const { actor } = start(twoPlayers);
    actor.send(place(2, 1));
    actor.send(place(2, 4)); // the flip top to bottom
    expect(actor.getSnapshot().context.refusal).toBe(MIRRORING_REFUSED);
    actor.send({ type: 'undo' });
    expect(actor.getSnapshot().context.refusal).toBeNull();
    expect(actor.getSnapshot().context.game.boardState.occupiedCells[0].size).toBe(0);
    actor.send(place(2, 1));
    actor.send(place(1, 2)); // the diagonal flip
    actor.send({ type: 'reset', now: 2 });
    expect(actor.getSnapshot().context.refusal).toBeNull();
    expect(actor.getSnapshot().context.game.mirrorRule).toBe(true);
  });

  it('plays the copy without the rule', () => {
    const { actor } = start({ ...twoPlayers, mirrorRule: false });
    actor.send(place(2, 1));
    actor.send(place(3, 4));
    expect(actor.getSnapshot().context.refusal).toBeNull();
    expect(actor.getSnapshot().context.game.boardState.occupiedCells[1].has('3-4')).toBe(true);
  });

  for (const level of ['easy', 'medium', 'hard', 'expert'] as AiLevel[]) {
    it(`${level}: never answers the human's first move with any of its five images`, async () => {
      for (const [x, y] of [[2, 1], [1, 0], [2, 2]] as const) {
        const asked: AiRequest[] = [];
        const { actor, clock } = start({ ...DEFAULT_SETTINGS, aiDifficulty: level, mirrorRule: true }, async (request) => {
          asked.push(request);
          return engine.chooseMove(request);
        });
        actor.send(place(x, y));
        clock.increment(100);
        await settle();
        clock.increment(500);
        const answer = [...actor.getSnapshot().context.game.boardState.occupiedCells[1]];
        expect(answer).toHaveLength(1);
        expect(images(x, y)).not.toContain(answer[0]);
        expect(asked[0]?.mirrorRule).toBe(true);
      }
    });
  }

  it("plays another cell when the search proposes a copy (SPEC §8's fallback keeps to the rule)", async () => {
    const copy = { gridX: 3, gridY: 4 };
    const { actor, clock } = start({ ...DEFAULT_SETTINGS, mirrorRule: true }, async () => ({ cell: copy, stats: {} as AiMove['stats'] }));
    actor.send(place(2, 1));
    clock.increment(100);
    await settle();
    clock.increment(500);
    const { game } = actor.getSnapshot().context;
    expect(game.boardState.occupiedCells[1].size).toBe(1);
    expect(images(2, 1)).not.toContain([...game.boardState.occupiedCells[1]][0]);
    expect(game.currentPlayer).toBe(0);
  });
});

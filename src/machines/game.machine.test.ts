/**
 * The game statechart with simulated time: the spec's 100 ms trigger, 500 ms
 * move delay and 500 ms results delay become exact. The computer is the real
 * engine, called on this thread instead of in a worker.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { AiMove, AiRequest, Engine } from '../engine';
import { loadEngine } from '../engine/load';
import { EXPERT_GAME_NODES } from '../game/computer';
import { DEFAULT_SETTINGS } from '../game/settings';
import type { Settings } from '../game/types';
import { gameMachine, type AiTask } from './game.machine';
import { place, settle, startGame } from './game.testkit';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const start = (settings: Settings, ai?: (request: AiRequest) => Promise<AiMove | null>) => startGame(engine, settings, ai);

describe('the game statechart', () => {
  it('marks the game once a hint is shown, until a new game', () => {
    const { actor } = start({ ...DEFAULT_SETTINGS, playerMode: 'user' });
    actor.send(place(0, 0));
    actor.send({ type: 'hint.shown' });
    expect(actor.getSnapshot().context.game.hintUsed).toBe(true);
    actor.send({ type: 'undo' });
    expect(actor.getSnapshot().context.game.hintUsed).toBe(true);
    actor.send({ type: 'reset', now: 2 });
    expect(actor.getSnapshot().context.game.hintUsed).toBe(false);
  });

  it('goes from pregame to playing by itself', () => {
    const { actor } = start(DEFAULT_SETTINGS);
    expect(actor.getSnapshot().value).toBe('playing');
    expect(actor.getSnapshot().context.game.progress).toBe('playing');
  });

  it('shows the computer thinking 100 ms after its turn comes, and plays its move 600 ms after the player', async () => {
    const { actor, clock } = start(DEFAULT_SETTINGS);
    actor.send(place(0, 0));
    expect(actor.getSnapshot().context.game.currentPlayer).toBe(1);
    clock.increment(99);
    expect(actor.getSnapshot().context.game.progress).toBe('playing');
    clock.increment(1);
    expect(actor.getSnapshot().matches({ computer: { pace: 'waiting' } })).toBe(true);
    expect(actor.getSnapshot().context.game.progress).toBe('waiting');
    await settle();
    clock.increment(499);
    expect(actor.getSnapshot().context.game.boardState.occupiedCells[1].size).toBe(0);
    clock.increment(1);
    const { game } = actor.getSnapshot().context;
    expect(actor.getSnapshot().value).toBe('playing');
    expect(game.boardState.occupiedCells[1].size).toBe(1);
    expect(game.currentPlayer).toBe(0);
  });

  describe("the computer's reply lands at the spec's delays, not delays + search time", () => {
    /** A game whose computer takes `searchMs` of simulated time to answer; `asked` counts its searches. */
    function withSearchTaking(searchMs: number) {
      const clock = new SimulatedClock();
      let asked = 0;
      const slowSearch = fromPromise(({ input }: { input: AiTask }) => {
        asked += 1;
        return new Promise<AiMove | null>((resolve) => clock.setTimeout(() => resolve(engine.chooseMove(input.request)), searchMs));
      });
      const machine = gameMachine.provide({ actors: { chooseAiMove: slowSearch } });
      const actor = createActor(machine, { clock, input: { engine, settings: DEFAULT_SETTINGS, now: 1 } }).start();
      const computerPieces = () => actor.getSnapshot().context.game.boardState.occupiedCells[1].size;
      return { actor, clock, asked: () => asked, computerPieces };
    }

    /**
     * Moves the simulated clock on by `ms`, letting the search's promise settle. (A timer set while
     * the clock flushes starts at the end of the step: steps stop where the trigger delay ends.)
     */
    async function advance(clock: SimulatedClock, ms: number) {
      clock.increment(ms);
      await settle();
    }

    it("starts the search at the player's move, before the 100 ms trigger delay", () => {
      const game = withSearchTaking(200);
      game.actor.send(place(0, 0));
      expect(game.asked()).toBe(1);
      expect(game.actor.getSnapshot().context.game.progress).toBe('playing');
    });

    it('a 550 ms search: the move lands at 600 ms (the delays), not 650', async () => {
      const game = withSearchTaking(550);
      game.actor.send(place(0, 0));
      await advance(game.clock, 100);
      await advance(game.clock, 450);
      expect(game.actor.getSnapshot().matches({ computer: { search: 'answered' } })).toBe(true);
      await advance(game.clock, 49);
      expect(game.computerPieces()).toBe(0);
      await advance(game.clock, 1);
      expect(game.computerPieces()).toBe(1);
      expect(game.actor.getSnapshot().context.game.progress).toBe('playing');
    });

    it('a 200 ms search: the move still waits for the 600 ms of delays', async () => {
      const game = withSearchTaking(200);
      game.actor.send(place(0, 0));
      await advance(game.clock, 100);
      await advance(game.clock, 100);
      expect(game.actor.getSnapshot().matches({ computer: { search: 'answered' } })).toBe(true);
      await advance(game.clock, 399);
      expect(game.computerPieces()).toBe(0);
      await advance(game.clock, 1);
      expect(game.computerPieces()).toBe(1);
    });

    it('an 800 ms search: the move lands as soon as it answers (800 ms, not 900)', async () => {
      const game = withSearchTaking(800);
      game.actor.send(place(0, 0));
      await advance(game.clock, 100);
      await advance(game.clock, 500);
      expect(game.actor.getSnapshot().matches({ computer: { search: 'thinking', pace: 'done' } })).toBe(true);
      await advance(game.clock, 199);
      expect(game.computerPieces()).toBe(0);
      await advance(game.clock, 1);
      expect(game.computerPieces()).toBe(1);
    });
  });

  it('ignores clicks while the computer thinks and on its turn', async () => {
    const { actor, clock } = start(DEFAULT_SETTINGS);
    actor.send(place(0, 0));
    actor.send(place(1, 1)); // the computer's turn: refused
    expect(actor.getSnapshot().context.game.boardState.occupiedCells[1].size).toBe(0);
    clock.increment(100);
    actor.send(place(2, 2)); // thinking: refused
    await settle();
    clock.increment(500);
    expect(actor.getSnapshot().context.game.history).toHaveLength(3);
  });

  it('opens with the computer when it goes first', async () => {
    const { actor, clock } = start({ ...DEFAULT_SETTINGS, firstPlayer: 'ai' });
    clock.increment(100);
    await settle();
    clock.increment(500);
    expect(actor.getSnapshot().context.game.boardState.occupiedCells[1].size).toBe(1);
  });

  it("falls back to a free cell when the search fails or proposes a taken cell", async () => {
    const { actor, clock } = start(DEFAULT_SETTINGS, async () => {
      throw new Error('worker crashed');
    });
    actor.send(place(0, 0));
    clock.increment(100);
    await settle();
    clock.increment(500);
    expect(actor.getSnapshot().context.game.boardState.occupiedCells[1].size).toBe(1);

    const taken = start(DEFAULT_SETTINGS, async () => ({ cell: { gridX: 0, gridY: 0 }, stats: {} as AiMove['stats'] }));
    taken.actor.send(place(0, 0));
    taken.clock.increment(100);
    await settle();
    taken.clock.increment(500);
    // The first free cell, row by row, is 1-0.
    expect([...taken.actor.getSnapshot().context.game.boardState.occupiedCells[1]]).toEqual(['1-0']);
  });

  it('plays a two-player game to the end and opens the results 500 ms later; closing them sets playing', () => {
    const { actor, clock } = start({ ...DEFAULT_SETTINGS, playerMode: 'user' });
    for (let i = 0; i < 36; i++) actor.send(place(i % 6, Math.floor(i / 6)));
    expect(actor.getSnapshot().matches({ over: 'settling' })).toBe(true);
    expect(actor.getSnapshot().context.game.progress).toBe('over');
    clock.increment(500);
    expect(actor.getSnapshot().matches({ over: 'results' })).toBe(true);
    actor.send({ type: 'results.close' });
    expect(actor.getSnapshot().context.game.progress).toBe('playing');
    // The game-over banner's Show Results opens them again, at once.
    actor.send({ type: 'results.open' });
    expect(actor.getSnapshot().matches({ over: 'results' })).toBe(true);
    expect(actor.getSnapshot().context.game.progress).toBe('over');
  });

  it('opens the results again only on a full board', () => {
    const { actor } = start({ ...DEFAULT_SETTINGS, playerMode: 'user' });
    actor.send(place(0, 0));
    actor.send({ type: 'results.open' });
    expect(actor.getSnapshot().matches('playing')).toBe(true);
    expect(actor.getSnapshot().context.game.progress).toBe('playing');
  });

  it("undoes the computer's and the human's move together, and reset starts afresh", async () => {
    const { actor, clock } = start({ ...DEFAULT_SETTINGS, boardSize: '8' });
    actor.send({ type: 'undo' }); // nothing to undo
    expect(actor.getSnapshot().context.game.history).toHaveLength(1);
    actor.send(place(0, 0));
    clock.increment(100);
    await settle();
    clock.increment(500);
    actor.send({ type: 'undo' });
    expect(actor.getSnapshot().context.game.history).toHaveLength(1);
    expect(actor.getSnapshot().context.game.currentPlayer).toBe(0);
    actor.send(place(3, 3));
    actor.send({ type: 'reset', settings: { ...DEFAULT_SETTINGS, boardSize: '10' }, now: 2 });
    const { game } = actor.getSnapshot().context;
    expect(game.boardState.gridWidth).toBe(10);
    expect(game.history).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('playing');
  });

  it('a reset while the computer thinks stops the search', async () => {
    let aborted = false;
    const clock = new SimulatedClock();
    const machine = gameMachine.provide({
      actors: {
        chooseAiMove: fromPromise(({ signal }) => {
          signal.addEventListener('abort', () => (aborted = true));
          return new Promise<AiMove | null>(() => undefined);
        }),
      },
    });
    const watched = createActor(machine, { clock, input: { engine, settings: DEFAULT_SETTINGS, now: 1 } }).start();
    watched.send(place(0, 0));
    clock.increment(100);
    expect(watched.getSnapshot().context.game.progress).toBe('waiting');
    watched.send({ type: 'reset', now: 3 });
    expect(aborted).toBe(true);
    expect(watched.getSnapshot().context.game.history).toHaveLength(1);
  });

  it('asks the AI server model chosen in AI development mode, else the engine', async () => {
    const tasks: AiTask[] = [];
    const clock = new SimulatedClock();
    const machine = gameMachine.provide({
      actors: {
        chooseAiMove: fromPromise(async ({ input }: { input: AiTask }) => {
          tasks.push(input);
          return engine.chooseMove(input.request);
        }),
      },
    });
    const actor = createActor(machine, { clock, input: { engine, settings: DEFAULT_SETTINGS, now: 1 } }).start();
    actor.send(place(0, 0));
    clock.increment(100);
    await settle();
    clock.increment(500);
    actor.send({ type: 'ai.server', model: 'hard' });
    actor.send(place(5, 5));
    clock.increment(100);
    expect(tasks.map((t) => t.serverModel)).toEqual([null, 'hard']);
    expect(tasks[1]?.request.player).toBe(1);
  });

  it("asks for each of the computer's moves with the game's own seed, and Expert with a node budget, never a time", async () => {
    const requests: AiRequest[] = [];
    const clock = new SimulatedClock();
    const machine = gameMachine.provide({
      actors: {
        chooseAiMove: fromPromise(async ({ input }: { input: AiTask }): Promise<AiMove | null> => {
          requests.push(input.request);
          // The first free cell of the top row, at once: what is asked is the point here.
          const { occupiedCells } = input.request.board;
          const gridX = [0, 1, 2, 3, 4, 5].find((x) => !occupiedCells[0].has(`${x}-0`) && !occupiedCells[1].has(`${x}-0`))!;
          return { cell: { gridX, gridY: 0 }, stats: { depth: 0, nodes: 0, elapsedMs: 0, nodesPerSecond: 0, value: 0, principalVariation: [] } };
        }),
      },
    });
    const gameId = 2 ** 32 + 1000; // a creation time past 2^32 ms: the seed keeps its low 32 bits
    const settings = { ...DEFAULT_SETTINGS, aiDifficulty: 'expert' } as const;
    const actor = createActor(machine, { clock, input: { engine, settings, now: gameId } }).start();
    const computerMoves = async () => {
      clock.increment(100);
      await settle();
      clock.increment(500);
    };
    actor.send(place(0, 0));
    await computerMoves();
    actor.send(place(5, 5));
    await computerMoves();
    expect(requests.map(({ seed, level, nodeLimit, timeMs }) => ({ seed, level, nodeLimit, timeMs }))).toEqual([
      { seed: 1002, level: 'expert', nodeLimit: EXPERT_GAME_NODES, timeMs: undefined },
      { seed: 1004, level: 'expert', nodeLimit: EXPERT_GAME_NODES, timeMs: undefined },
    ]);
    // The same game after a reload asks the same: the seed is the game's, not the page's.
    const restored = createActor(machine, { clock, input: { engine, settings, game: actor.getSnapshot().context.game, now: 5 } }).start();
    restored.send({ type: 'undo' });
    restored.send(place(5, 5));
    await computerMoves();
    expect(requests[2]?.seed).toBe(1004);
  });
});

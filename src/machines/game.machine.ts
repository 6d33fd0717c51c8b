/**
 * The single-device game as a statechart (SPEC §4): pregame → playing ⇄ computer
 * (its turn: progress waiting after the trigger delay) → over, with undo, reset and
 * the results dialog. Every guard and action is one call into the pure rules of src/game.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AiMove, AiRequest, CellPosition, Engine } from '../engine';
import { computerMover, fallbackSeed, gameComputerRequest } from '../game/computer';
import { canUndo, closeResults, createGame, freeCells, humanMayPlace, noteHintUsed, placeCell, setProgress, toggleAnnotations, undo } from '../game/game';
import { MIRRORING_REFUSED } from '../game/mirrorRule';
import { isComputer } from '../game/settings';
import type { GameState, Settings } from '../game/types';

/** SPEC §9 timings, in milliseconds. */
export const AI_TRIGGER_DELAY = 100;
export const AI_MOVE_DELAY = 500;
export const RESULTS_DELAY = 500;

/** What the game needs of the engine: the rules, and SPEC §8's move fallbacks. */
export type GameEngine = Pick<Engine, 'play' | 'resolveMove'>;

export interface GameInput {
  engine: GameEngine;
  settings: Settings;
  /** A game restored from storage, else a new one is made. */
  game?: GameState;
  /** When the game is made (its id, which also seeds the computer's moves: game/computer.ts). */
  now: number;
}

/** What the computer is asked: the search request, and which AI server model plays (if any). */
export interface AiTask {
  request: AiRequest;
  /** In AI development mode, the local AI server's model; otherwise null (the engine plays). */
  serverModel: string | null;
}

export interface GameContext {
  engine: GameEngine;
  serverModel: string | null;
  settings: Settings;
  game: GameState;
  /** What the computer proposed, before the fallbacks. */
  aiProposal: CellPosition | null;
  /** When play began (ms), for the game's duration. */
  playStartedAt: number | null;
  /** Why the player's last tap was refused, in the page's words (MIRRORING_REFUSED); null once a move is made. */
  refusal: string | null;
}

export type GameEvent =
  | { type: 'cell.place'; cell: CellPosition }
  | { type: 'undo' }
  | { type: 'reset'; settings?: Settings; now: number }
  | { type: 'annotations.toggle' }
  | { type: 'results.close' }
  /** The game-over banner's Show Results, once the dialog was closed on a full board. */
  | { type: 'results.open' }
  | { type: 'ai.server'; model: string | null }
  /** A hint was shown on the board; the game is no longer submitted to High Scores. */
  | { type: 'hint.shown' };

function aiTask({ game, settings, serverModel }: GameContext): AiTask {
  return { request: gameComputerRequest(game, settings.aiDifficulty), serverModel };
}

export const gameMachine = setup({
  types: {
    context: {} as GameContext,
    events: {} as GameEvent,
    input: {} as GameInput,
  },
  actors: {
    /** Replaced by the page (a Web Worker, or the AI development server). */
    chooseAiMove: fromPromise<AiMove | null, AiTask>(async () => {
      throw new Error('no AI provided');
    }),
  },
  delays: {
    AI_TRIGGER_DELAY,
    AI_MOVE_DELAY,
    RESULTS_DELAY,
  },
  guards: {
    'game is over': ({ context }) => context.game.progress === 'over',
    "computer's turn": ({ context }) =>
      isComputer(context.settings, context.game.currentPlayer) && freeCells(context.game) > 0,
    'human may place': ({ context }) => humanMayPlace(context.game, context.settings),
    'undo is available': ({ context }) => canUndo(context.game, context.settings),
    'board is full': ({ context }) => freeCells(context.game) === 0,
  },
  actions: {
    'start playing': assign(({ context }) => ({
      game: setProgress(context.game, 'playing'),
      playStartedAt: context.playStartedAt ?? Date.now(),
    })),
    'forget the proposal': assign({ aiProposal: null }),
    'mark waiting': assign(({ context }) => ({ game: setProgress(context.game, 'waiting') })),
    'place cell': assign(({ context, event }) => {
      if (event.type !== 'cell.place') return {};
      const placed = placeCell(context.game, event.cell, context.engine);
      if (placed.ok) return { game: placed.state, refusal: null };
      // "No mirroring" refused the tap: the turn stays the player's, who is told why.
      return placed.reason === 'mirroring' ? { refusal: MIRRORING_REFUSED } : {};
    }),
    'forget the refusal': assign({ refusal: null }),
    'keep proposal': assign(({ event }) => {
      const move = (event as { output?: AiMove | null }).output;
      return { aiProposal: move ? move.cell : null };
    }),
    'play the computer move': assign(({ context }) => {
      const { game, engine, aiProposal } = context;
      // The fallbacks keep to the game's rules: under "No mirroring" the computer never plays a copy.
      const cell = engine.resolveMove(game.boardState, aiProposal, fallbackSeed(game), computerMover(game));
      const placed = cell ? placeCell(game, cell, engine) : undefined;
      // No valid move with cells left: progress returns to playing (SPEC §4).
      return { game: placed?.ok ? placed.state : setProgress(game, 'playing') };
    }),
    'undo moves': assign(({ context }) => ({ game: undo(context.game, context.settings) })),
    'note the hint': assign(({ context }) => ({ game: noteHintUsed(context.game) })),
    'toggle annotations': assign(({ context }) => ({ game: toggleAnnotations(context.game) })),
    'close results': assign(({ context }) => ({ game: closeResults(context.game) })),
    'reopen results': assign(({ context }) => ({ game: setProgress(context.game, 'over') })),
    'choose the AI server model': assign(({ event }) => (event.type === 'ai.server' ? { serverModel: event.model } : {})),
    'start a new game': assign(({ context, event }) => {
      if (event.type !== 'reset') return {};
      const settings = event.settings ?? context.settings;
      return { settings, game: createGame(settings, event.now), aiProposal: null, playStartedAt: null, refusal: null };
    }),
  },
}).createMachine({
  id: 'game',
  context: ({ input }) => ({
    engine: input.engine,
    serverModel: null,
    settings: input.settings,
    game: input.game ?? createGame(input.settings, input.now),
    aiProposal: null,
    playStartedAt: null,
    refusal: null,
  }),
  initial: 'pregame',
  on: {
    reset: { target: '.pregame', actions: 'start a new game' },
    'annotations.toggle': { actions: 'toggle annotations' },
    'ai.server': { actions: 'choose the AI server model' },
    'hint.shown': { actions: 'note the hint' },
  },
  states: {
    pregame: {
      always: [
        { guard: 'game is over', target: 'over' },
        { target: 'playing', actions: 'start playing' },
      ],
    },
    playing: {
      always: [
        { guard: 'game is over', target: 'over' },
        { guard: "computer's turn", target: 'computer' },
      ],
      on: {
        'cell.place': { guard: 'human may place', actions: 'place cell', target: 'playing', reenter: true },
        undo: { guard: 'undo is available', actions: ['undo moves', 'forget the refusal'], target: 'playing', reenter: true },
        'results.open': { guard: 'board is full', actions: 'reopen results', target: '#game.over.results' },
      },
    },
    // The computer's turn. It searches from the moment its turn comes, while the spec's delays
    // run: its move lands when both are over, 600 ms after the player's move unless the search
    // takes longer (then as soon as it answers), never delays + search time.
    computer: {
      entry: 'forget the proposal',
      type: 'parallel',
      onDone: { target: 'playing', actions: 'play the computer move' },
      states: {
        search: {
          initial: 'thinking',
          states: {
            thinking: {
              invoke: {
                src: 'chooseAiMove',
                input: ({ context }) => aiTask(context),
                onDone: { target: 'answered', actions: 'keep proposal' },
                // A failed search falls back to a random free cell (SPEC §8).
                onError: { target: 'answered' },
              },
            },
            answered: { type: 'final' },
          },
        },
        pace: {
          initial: 'trigger',
          states: {
            // Progress stays playing for the trigger delay, then shows the computer thinking (SPEC §4).
            trigger: { after: { AI_TRIGGER_DELAY: 'waiting' } },
            waiting: { entry: 'mark waiting', after: { AI_MOVE_DELAY: 'done' } },
            done: { type: 'final' },
          },
        },
      },
    },
    over: {
      initial: 'settling',
      on: {
        undo: { guard: 'undo is available', actions: ['undo moves', 'forget the refusal'], target: 'playing' },
      },
      states: {
        settling: { after: { RESULTS_DELAY: 'results' } },
        results: {
          // Closing the dialog sets progress to playing (SPEC §4); the board is full.
          on: { 'results.close': { target: '#game.playing', actions: 'close results' } },
        },
      },
    },
  },
});

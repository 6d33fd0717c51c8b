/**
 * The game statechart under test: simulated time, the real engine, and the
 * computer's search called on this thread (or a stand-in search where a test
 * needs one proposal).
 */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { AiMove, AiRequest, Engine } from '../engine';
import type { Settings } from '../game/types';
import { gameMachine, type AiTask } from './game.machine';

/** Lets promise callbacks (the invoked search) run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A started game with these settings; `ai` answers the computer's searches (the engine's own by default). */
export function startGame(engine: Engine, settings: Settings, ai: (request: AiRequest) => Promise<AiMove | null> = async (r) => engine.chooseMove(r)) {
  const clock = new SimulatedClock();
  const machine = gameMachine.provide({ actors: { chooseAiMove: fromPromise(({ input }: { input: AiTask }) => ai(input.request)) } });
  const actor = createActor(machine, { clock, input: { engine, settings, now: 1 } }).start();
  return { actor, clock };
}

/** The event of a tap on cell (gridX, gridY). */
export const place = (gridX: number, gridY: number) => ({ type: 'cell.place', cell: { gridX, gridY } }) as const;

/**
 * The room reducer run as pure functions in tests: the timings of a real server, and a script
 * that runs commands in order, each at its own time, keeping every step and the log.
 */
import { expect } from 'vitest';
import { loadEngine } from '../../../../src/engine/load';
import { IDLE_CLAIM_MS, UNDO_LAPSE_MS, type TimeControl } from '../../../../src/protocol';
import type { Command } from './commands';
import { reduce, type Step } from './reducer';
import type { RoomConfig, RoomState } from './state';
import { columnsPlan } from '../tests/rooms.testkit';

export let config: RoomConfig;

/** Call from beforeAll: loads the engine. */
export async function loadConfig(): Promise<RoomConfig> {
  config = {
    rules: await loadEngine(),
    countdownSeconds: 3,
    countdownTickMs: 1000,
    graceMs: 60_000,
    finishedTtlMs: 600_000,
    undoLapseMs: UNDO_LAPSE_MS,
    idleClaimMs: IDLE_CLAIM_MS,
  };
  return config;
}

export const T0 = 1_700_000_000_000;
export const GAME_START = T0 + 3000;

/** Runs commands in order from `room`, each at its time; every step is kept. */
export class Script {
  room: RoomState | null = null;
  steps: Step[] = [];
  log: { command: Command; at: number }[] = [];

  run(command: Command, at: number): Step {
    const step = reduce(this.room, command, at, config);
    this.room = step.room;
    this.steps.push(step);
    if (step.changed) this.log.push({ command, at });
    return step;
  }

  get state(): RoomState {
    if (!this.room) throw new Error('no room');
    return this.room;
  }
}

/** Alice (player 0) and Bob (player 1) in a game that began at GAME_START; both signed in unless told; the room's settings as told. */
export function startedGame(signedIn = true, settings: { timeControl?: TimeControl; rated?: boolean } = {}): Script {
  const s = new Script();
  s.run({ type: 'create', roomId: 'r1', code: 'ABCDEF', playerId: 'a', username: 'Alice', userId: signedIn ? 'user-a' : null, tokenHash: 'ha' }, T0);
  s.run({ type: 'join', playerId: 'b', username: 'Bob', userId: signedIn ? 'user-b' : null, tokenHash: 'hb' }, T0);
  if (Object.keys(settings).length > 0) s.run({ type: 'updateSettings', playerId: 'a', ...settings }, T0);
  s.run({ type: 'setReady', playerId: 'a', ready: true }, T0);
  s.run({ type: 'setReady', playerId: 'b', ready: true }, T0);
  expect(s.run({ type: 'start', playerId: 'a' }, T0).reply).toEqual({ success: true });
  s.run({ type: 'tick' }, GAME_START);
  expect(s.state.status).toBe('playing');
  return s;
}

export const move = (playerId: string, row: number, col: number): Command => ({ type: 'move', playerId, row, col });
export const eventNames = (step: Step) => step.events.map((e) => e.event);

/** A whole 6×6 game's moves in turn order (rooms.testkit.ts): Alice takes columns 0, 2 and 5, Bob 1, 3 and 4. */
const PLAN = columnsPlan();

/** Plays the plan's moves `from` up to `to` (Alice first), one a second from `at`; the time of the last one. */
export function playMoves(s: Script, to: number, at: number, from = 0): number {
  let now = at;
  for (let i = from; i < to; i++) {
    const { row, col } = PLAN[i]!;
    expect(s.run(move(i % 2 === 0 ? 'a' : 'b', row, col), now).reply).toMatchObject({ success: true });
    now += 1000;
  }
  return now - 1000;
}

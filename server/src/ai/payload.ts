/**
 * The body of POST /move and POST /evaluate (SPEC §7), parsed once at the edge into typed
 * values. Each problem gets one message that names the field.
 */
import { randomInt } from 'node:crypto';
import { parseBoardState, parseScoringMechanism, type BoardState, type Parsed, type PlayerIndex, type ScoringMechanism } from '../../../src/engine';
import { AI_LEVELS, DEFAULT_EXPERT_TIME_MS, type AiLevel } from '../../../src/engine/ai-types';

export interface AiPayload {
  board: BoardState;
  player: PlayerIndex;
  level: AiLevel;
  mode: ScoringMechanism;
  seed: number; // 0..2^32-1
  timeMs: number; // Expert's budget; the other levels ignore it
  mirrorRule: boolean; // "No mirroring": no move that copies the opponent's cells by a symmetry
}

export const MAX_SEED = 0xffff_ffff;
export const MAX_TIME_MS = 60_000;

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** A short rendering of an untrusted value for a message (a huge value must not make a huge message). */
export function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A whole number in min..max, or absent (undefined or null) and then `fallback`. */
function parseOptionalInt(value: unknown, name: string, min: number, max: number, fallback: () => number): Parsed<number> {
  if (value === undefined || value === null) return { ok: true, value: fallback() };
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return { ok: true, value };
  return fail(`${name} must be a whole number from ${min} to ${max}, got ${describe(value)}`);
}

/** A fresh seed per request when the client gives none, so repeated asks vary like a human opponent. */
const randomSeed = (): number => randomInt(MAX_SEED + 1);

export function parseAiPayload(input: unknown, newSeed: () => number = randomSeed): Parsed<AiPayload> {
  if (!isRecord(input)) return fail(`request body must be a JSON object, got ${describe(input)}`);
  // Own properties only: a body never reaches Object.prototype's members by name.
  const field = (name: string): unknown => (Object.hasOwn(input, name) ? input[name] : undefined);

  const rawBoard = field('boardState');
  if (rawBoard === undefined) {
    return fail('boardState is missing: expected {"occupiedCells":[[...],[...]],"gridWidth":W,"gridHeight":H}');
  }
  const board = parseBoardState(rawBoard);
  if (!board.ok) return fail(`boardState: ${board.error}`);

  const player = field('currentPlayer');
  if (player === undefined) return fail('currentPlayer is missing: expected 0 or 1');
  if (player !== 0 && player !== 1) return fail(`currentPlayer must be 0 or 1, got ${describe(player)}`);

  const model = field('model');
  const levels = AI_LEVELS.join(', ');
  if (model === undefined) return fail(`model is missing: expected one of ${levels}`);
  const level = AI_LEVELS.find((known) => known === model);
  if (!level) return fail(`unknown model ${describe(model)}: expected one of ${levels}`);

  const rawMode = field('scoringMechanism');
  if (rawMode === undefined) return fail('scoringMechanism is missing: expected connection, expansion or extension');
  const mode = parseScoringMechanism(rawMode);
  if (!mode.ok) return mode;

  const seed = parseOptionalInt(field('seed'), 'seed', 0, MAX_SEED, newSeed);
  if (!seed.ok) return seed;
  const timeMs = parseOptionalInt(field('timeMs'), 'timeMs', 1, MAX_TIME_MS, () => DEFAULT_EXPERT_TIME_MS);
  if (!timeMs.ok) return timeMs;

  const mirrorRule = field('mirrorRule') ?? false;
  if (typeof mirrorRule !== 'boolean') return fail(`mirrorRule must be true or false, got ${describe(mirrorRule)}`);

  return {
    ok: true,
    value: { board: board.value, player, level, mode: mode.value, seed: seed.value, timeMs: timeMs.value, mirrorRule },
  };
}

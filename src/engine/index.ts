/**
 * The one typed API over engine.wasm, the same in the browser and in Node.
 * Load it with `loadEngine()` (./load) or build it from an instance you made.
 */
import { createAi, type EngineAi } from './ai';
import { createCore } from './core';
import { engineExports, type EngineExports } from './exports';
import { createRules, type EngineRules } from './rules';

export * from './types';
export * from './ai-types';
export type { ArenaGameRecord, ArenaGameSetup, EngineAi, Mover } from './ai';
export type { EngineRules } from './rules';
export { EngineError, type EngineErrorCode } from './errors';
export { parseBoardState, parseScoringMechanism, boardStateToJson, type Parsed } from './boardState';

export interface Engine extends EngineRules, EngineAi {
  /** The raw module, for benchmarks. */
  readonly exports: EngineExports;
}

/** Builds the typed API over an instantiated engine.wasm. */
export function createEngine(instance: WebAssembly.Instance): Engine {
  const core = createCore(engineExports(instance));
  const rules = createRules(core);
  return { exports: core.wasm, ...rules, ...createAi(core, rules) };
}

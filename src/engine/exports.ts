/**
 * The raw exports of engine.wasm (engine-rs/src/ffi.rs), and its status codes.
 * Only this folder talks to them; everything else uses the typed `Engine`.
 */
export interface EngineExports {
  memory: WebAssembly.Memory;
  cc_size_ptr(): number;
  cc_cells_ptr(): number;
  cc_numbers_ptr(): number;
  cc_group_counts_ptr(): number;
  cc_group_values_ptr(): number;
  cc_max_groups(): number;
  cc_labels_ptr(): number;
  cc_group_labels(mode: number): number;
  cc_score(mode: number): number;
  cc_groups(mode: number): number;
  cc_predict(mode: number, x: number, y: number, player: number): number;
  cc_play(mode: number, x: number, y: number, player: number): number;
  cc_batch_ptr(): number;
  cc_batch_capacity(): number;
  cc_score_batch(mode: number, width: number, height: number, count: number): number;
  cc_ai_report_ptr(): number;
  cc_ai_line_ptr(): number;
  cc_ai_values_ptr(): number;
  cc_ai_exact_ptr(): number;
  cc_ai_move(mode: number, player: number, level: number, seedLow: number, seedHigh: number, timeMs: number, nodeLimit: number): number;
  cc_cell_values(mode: number, player: number): number;
  cc_learned_value(mode: number, player: number): number;
  cc_solve(mode: number, player: number, timeMs: number, nodeLimit: number): number;
  cc_solve_best(mode: number, player: number, timeMs: number, nodeLimit: number): number;
  cc_resolve_move(mode: number, player: number, hasProposal: number, x: number, y: number, seedLow: number, seedHigh: number): number;
  cc_play_game(
    mode: number,
    width: number,
    height: number,
    levelFirst: number,
    levelSecond: number,
    seedLow: number,
    seedHigh: number,
    timeMs: number,
    nodeLimit: number,
    opening: number,
  ): number;
}

/** What engine.wasm imports: the host's clock, for search time budgets. */
export const engineImports: WebAssembly.Imports = {
  env: { cc_now: () => performance.now() },
};

/** Status codes, mirroring `STATUS_*` in ffi.rs. */
export const Status = {
  ok: 0,
  sizeOutOfRange: 1,
  cellOffGrid: 2,
  cellOwnedTwice: 3,
  unknownMode: 4,
  scoreTooLarge: 5,
  moveOffGrid: 10,
  moveInvalidPlayer: 11,
  moveOccupied: 12,
  moveMirroring: 13,
  noFreeCell: 20,
  unknownLevel: 21,
  notSolved: 22,
} as const;

const REQUIRED: readonly (keyof EngineExports)[] = [
  'memory',
  'cc_size_ptr',
  'cc_cells_ptr',
  'cc_numbers_ptr',
  'cc_group_counts_ptr',
  'cc_group_values_ptr',
  'cc_max_groups',
  'cc_labels_ptr',
  'cc_group_labels',
  'cc_score',
  'cc_groups',
  'cc_predict',
  'cc_play',
  'cc_batch_ptr',
  'cc_batch_capacity',
  'cc_score_batch',
  'cc_ai_report_ptr',
  'cc_ai_line_ptr',
  'cc_ai_values_ptr',
  'cc_ai_exact_ptr',
  'cc_learned_value',
  'cc_ai_move',
  'cc_cell_values',
  'cc_resolve_move',
  'cc_play_game',
  'cc_solve',
  'cc_solve_best',
];

/** Checks that an instance is our engine, so a stale or wrong .wasm fails loudly. */
export function engineExports(instance: WebAssembly.Instance): EngineExports {
  const missing = REQUIRED.filter((name) => !(name in instance.exports));
  if (missing.length > 0) {
    throw new Error(`engine.wasm lacks ${missing.join(', ')}: rebuild it with npm run build:wasm`);
  }
  return instance.exports as unknown as EngineExports;
}

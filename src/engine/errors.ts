/**
 * Failures that are not a refused move: a malformed board, or a hand-written one
 * whose scores could pass 2^127 (no game's board comes near: see docs/exact-scores.md).
 */
export type EngineErrorCode =
  | 'size-out-of-range'
  | 'bad-cell-key'
  | 'cell-off-grid'
  | 'cell-owned-twice'
  | 'unknown-mode'
  | 'unknown-level'
  | 'score-too-large';

export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

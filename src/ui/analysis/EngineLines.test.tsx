/**
 * The engine's lines beside the analysis board: while the engine thinks about a new position the
 * list's and the note's room is kept, hidden, one row for each move the answer will list, so
 * the move tree below stays where a click or a tap is already aimed when the answer comes.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Scores } from '../../engine';
import type { AnalysisUpdate, Candidate } from '../../game/analysis/search';
import { EngineLines } from './EngineLines';

const scores: Scores = [0n, 0n];
const estimate = (gridX: number): Candidate => ({ cell: { gridX, gridY: 0 }, exact: false, value: 0.5, line: [] });
const answered = (count: number): AnalysisUpdate => ({ round: 1, done: false, exact: false, top: [0, 1, 2].slice(0, count).map(estimate), nodes: 10 });

function lines(update: AnalysisUpdate | null, mover: 0 | 1 | null, expected: number): string {
  return renderToStaticMarkup(<EngineLines answer={{ update, error: null }} mover={mover} scores={scores} height={6} expected={expected} onPlay={() => {}} />);
}

/** The list's rows, shown or kept: each a row of the same class, so of the same height. */
const rows = (html: string) => html.split('class="analysis-top__move"').length - 1;

describe('the engine lines', () => {
  it('keep the room of the three best moves and the note, hidden, while the engine thinks', () => {
    const thinking = lines(null, 1, 3);
    expect(thinking).toContain('The engine is thinking…');
    expect(thinking).toContain('<ol class="analysis-top analysis-lines__kept" aria-hidden="true"');
    expect(thinking).toContain('<p class="analysis-note analysis-lines__kept" aria-hidden="true">');
    expect(thinking).not.toContain('data-testid="top-moves"');
    expect(rows(thinking)).toBe(3);
    // The answer fills the same rows, and the kept room is gone.
    const shown = lines(answered(3), 1, 3);
    expect(shown).toContain('data-testid="top-moves"');
    expect(shown).not.toContain('analysis-lines__kept');
    expect(rows(shown)).toBe(3);
  });

  it('keep as many rows as the answer will list: fewer near the end, none when the game is over', () => {
    expect(rows(lines(null, 0, 1))).toBe(1);
    expect(rows(lines(answered(1), 0, 1))).toBe(1);
    expect(lines(null, null, 0)).not.toContain('analysis-lines__kept');
  });
});

/**
 * The replay's move list: every move numbered as the step counter counts, a dot in its player's
 * colour beside it (decorative: hidden from screen readers), and each button named with the move,
 * the player and the review's mark.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../../engine';
import { loadEngine } from '../../../engine/load';
import { parseRecord } from '../../../game/record';
import { replayRecord } from '../../../game/replay';
import type { MoveReview } from '../../../game/review/moves';
import { MoveList } from './MoveList';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

function game() {
  const parsed = parseRecord('CC1 4x4 connection: a1 b1 c1 d4 *');
  if (!parsed.ok) throw new Error(parsed.error);
  const replay = replayRecord(parsed.record, engine);
  if (!replay.ok) throw new Error(replay.error);
  return { record: parsed.record, steps: replay.steps };
}

const names = ['Ann', 'Ben'] as const;

describe('the move list', () => {
  it('numbers each move, with a dot in its player’s colour, players alternating', () => {
    const { record, steps } = game();
    const html = renderToStaticMarkup(<MoveList record={record} steps={steps} step={2} marks={[]} names={names} onGo={() => {}} />);
    const buttons = html.split('<button').slice(1);
    expect(buttons).toHaveLength(4);
    buttons.forEach((button, index) => {
      const player = index % 2;
      expect(button).toContain(`<span class="replay-move__number" aria-hidden="true">${index + 1}.</span>`);
      expect(button).toContain(`<span class="replay-move__dot player-${player}" aria-hidden="true"></span>`);
      expect(button).toContain(`aria-label="Move ${index + 1}, ${names[player]}, `);
    });
    expect(buttons[0]).toContain('aria-label="Move 1, Ann, a1"');
    expect(buttons[3]).toContain('aria-label="Move 4, Ben, d4"');
    expect(buttons[1]).toContain('aria-current="step"');
  });

  it('shows the review’s marks beside the moves, and no symbol for a forced move', () => {
    const { record, steps } = game();
    const cell = { gridX: 0, gridY: 3 };
    const marks: MoveReview[] = [
      { move: 1, player: 0, cell, mark: 'best', best: cell, chanceLost: 0, exactLoss: null },
      { move: 2, player: 1, cell, mark: 'blunder', best: cell, chanceLost: 1, exactLoss: 4n },
      { move: 3, player: 0, cell, mark: 'forced', best: cell, chanceLost: 0, exactLoss: 0n },
    ];
    const html = renderToStaticMarkup(<MoveList record={record} steps={steps} step={0} marks={marks} names={names} onGo={() => {}} />);
    const buttons = html.split('<button').slice(1);
    expect(buttons[0]).toContain('aria-label="Move 1, Ann, a1, best move (!)"');
    expect(buttons[1]).toContain('aria-label="Move 2, Ben, b1, blunder (??)"');
    expect(buttons[1]).toContain('>??</span>');
    expect(buttons[2]).toContain('aria-label="Move 3, Ann, c1, forced move"');
    expect(buttons[2]).not.toContain('replay-move__mark');
    expect(buttons[3]).not.toContain('data-mark');
  });
});

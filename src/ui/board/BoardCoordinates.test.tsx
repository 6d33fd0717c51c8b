// The board's edge letters and numbers as the page draws them: text over the canvas, hidden from screen readers.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { computeLayout } from '../../board/layout';
import { BoardCoordinates } from './BoardCoordinates';

describe('BoardCoordinates', () => {
  const layout = computeLayout(400, 400, 6, 6);

  it('writes a to f and 6 to 1 over the board, hidden from screen readers, which read each cell by name', () => {
    const html = renderToStaticMarkup(<BoardCoordinates layout={layout} shown />);
    expect(html).toContain('aria-hidden="true"');
    const texts = [...html.matchAll(/data-axis="(file|rank)"[^>]*>([^<]+)</g)].map(([, axis, text]) => `${axis}:${text}`);
    expect(texts).toEqual(['file:a', 'file:b', 'file:c', 'file:d', 'file:e', 'file:f', 'rank:6', 'rank:5', 'rank:4', 'rank:3', 'rank:2', 'rank:1']);
  });

  it('draws nothing when the player turned coordinates off', () => {
    expect(renderToStaticMarkup(<BoardCoordinates layout={layout} shown={false} />)).toBe('');
  });
});

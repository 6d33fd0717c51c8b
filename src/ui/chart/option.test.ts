import { describe, expect, it } from 'vitest';
import { ANIMATION_MS, escapeHtml, scoreChartOption, tooltipHtml } from './option';

const colours = { players: ['green', 'blue'] as [string, string], text: '#333', grid: '#ccc' };

describe('score chart option', () => {
  const option = scoreChartOption(
    [
      [1, 1, 2, 2],
      [0, 1, 1, 3],
    ],
    ['Ann', 'AI'],
    colours,
  );

  it('animates for 300 ms', () => {
    expect(ANIMATION_MS).toBe(300);
    expect(option.animationDuration).toBe(300);
    expect(option.animationDurationUpdate).toBe(300);
  });

  it('plots both players by move, scores of 0 at 1, in their colours', () => {
    const series = option.series as { name: string; data: number[][]; color: string }[];
    expect(series.map((s) => s.name)).toEqual(['Ann', 'AI']);
    expect(series.map((s) => s.color)).toEqual(['green', 'blue']);
    expect(series[0]?.data).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 2],
    ]);
    expect(series[1]?.data).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 3],
    ]);
  });

  it('has a log vertical axis from 1 with the tick rules', () => {
    expect(option.yAxis).toMatchObject({
      type: 'log',
      logBase: 2,
      min: 1,
      max: 16,
      axisLabel: { customValues: [1, 2, 4, 8, 16] },
      axisTick: { customValues: [1, 2, 4, 8, 16] },
    });
  });

  it('labels moves from 1', () => {
    expect(option.xAxis).toMatchObject({ type: 'value', min: 1, max: 4, axisLabel: { customValues: [1, 2, 3, 4] } });
  });

  it('uses powers of ten and their labels for big scores', () => {
    const big = scoreChartOption([[1, 50000], [0, 2]], ['A', 'B'], colours);
    const yAxis = big.yAxis as { logBase: number; max: number; axisLabel: { formatter: (v: number) => string } };
    expect(yAxis.logBase).toBe(10);
    expect(yAxis.max).toBe(100000);
    expect(yAxis.axisLabel.formatter(100000)).toBe('10⁵');
  });
});

describe('tooltip', () => {
  it('shows the real scores of a move, with separators', () => {
    const html = tooltipHtml(2, [[1, 1200], [0, 0]], ['Ann', 'Bob'], ['green', 'blue']);
    expect(html).toContain('Move 2');
    expect(html).toContain('Ann: <b>1,200</b>');
    expect(html).toContain('Bob: <b>0</b>');
  });

  it('escapes names', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&#60;img src=x onerror=&#34;a(&#39;b&#39;)&#34;&#62;&#38;');
    const html = tooltipHtml(1, [[1], [0]], ['<b>x</b>', 'y'], ['green', 'blue']);
    expect(html).not.toContain('<b>x</b>');
  });
});

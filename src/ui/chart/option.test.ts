import { describe, expect, it } from 'vitest';
import { ANIMATION_MS, escapeHtml, scoreChartOption, tooltipHtml } from './option';

const colours = { players: ['green', 'blue'] as [string, string], text: '#333', grid: '#ccc' };

describe('score chart option', () => {
  const option = scoreChartOption(
    [
      [1n, 1n, 2n, 2n],
      [0n, 1n, 1n, 3n],
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
    const big = scoreChartOption([[1n, 50000n], [0n, 2n]], ['A', 'B'], colours);
    const yAxis = big.yAxis as { logBase: number; max: number; axisLabel: { formatter: (v: number) => string } };
    expect(yAxis.logBase).toBe(10);
    expect(yAxis.max).toBe(100000);
    expect(yAxis.axisLabel.formatter(100000)).toBe('10⁵');
  });

  it('draws a 16×16 board\'s scores past 2^64 on a readable axis up to 10³⁹', () => {
    const huge = scoreChartOption([[1n, 2n ** 64n, 2n ** 127n], [0n, 7n, 2n ** 128n]], ['A', 'B'], colours);
    const yAxis = huge.yAxis as { max: number; axisLabel: { customValues: number[]; formatter: (v: number) => string } };
    expect(yAxis.max).toBe(1e39);
    expect(yAxis.axisLabel.customValues.map((v) => yAxis.axisLabel.formatter(v)).at(-1)).toBe('10³⁹');
    const series = huge.series as { data: number[][] }[];
    expect(series[1]?.data.at(-1)?.[1]).toBeCloseTo(3.402823669209385e38, -24);
  });
});

describe('tooltip', () => {
  it('shows the real scores of a move, with separators', () => {
    const html = tooltipHtml(2, [[1n, 1200n], [0n, 0n]], ['Ann', 'Bob'], ['green', 'blue']);
    expect(html).toContain('Move 2');
    expect(html).toContain('Ann: <b>1,200</b>');
    expect(html).toContain('Bob: <b>0</b>');
  });

  it('writes a long score compactly', () => {
    expect(tooltipHtml(1, [[137_438_953_472n], [0n]], ['Ann', 'Bob'], ['green', 'blue'])).toContain('Ann: <b>1.37 × 10¹¹</b>');
  });

  it('escapes names', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&#60;img src=x onerror=&#34;a(&#39;b&#39;)&#34;&#62;&#38;');
    const html = tooltipHtml(1, [[1n], [0n]], ['<b>x</b>', 'y'], ['green', 'blue']);
    expect(html).not.toContain('<b>x</b>');
  });
});

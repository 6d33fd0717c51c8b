/**
 * The ECharts option of the score chart, built without a DOM so it can be unit-tested. Axis
 * rules live in ./ticks; this file turns them into ECharts' vocabulary.
 */
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatScore } from '../score/format';
import { formatTick, maxScoreOf, moveTicks, plottedScore, scoreAxis } from './ticks';

/** The move (x value) an axis tooltip is for: ECharts passes one point or several; `fallback` without one. */
export function tooltipMove(params: unknown, fallback: number): number {
  const first: unknown = Array.isArray(params) ? params[0] : params;
  const value = (first as { value?: unknown } | undefined)?.value;
  return Array.isArray(value) ? Number(value[0]) : fallback;
}

export type ScoreChartOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

/** Colours resolved from the page's CSS (a canvas cannot read CSS variables itself). */
export interface ChartColours {
  players: [string, string];
  text: string;
  grid: string;
}

/** SPEC §9: chart animation 300 ms. */
export const ANIMATION_MS = 300;

/** What the score chart and the review's evaluation chart share: their animation and plot area. */
export function chartFrame(top: number) {
  return {
    animationDuration: ANIMATION_MS,
    animationDurationUpdate: ANIMATION_MS,
    // ECharts 6 replaces containLabel: labels are kept inside the grid rect itself.
    grid: { left: 8, right: 16, top, bottom: 8, outerBoundsMode: 'same' as const, outerBoundsContain: 'axisLabel' as const },
  };
}

/** Player names are user input and the tooltip is HTML: escape them. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The tooltip of one move: both real scores (a 0 stays 0 here, though drawn at 1). */
export function tooltipHtml(
  move: number,
  histories: readonly [readonly bigint[], readonly bigint[]],
  names: readonly [string, string],
  colours: readonly [string, string],
): string {
  const rows = ([0, 1] as const).map((player) => {
    const score = histories[player][move - 1] ?? 0n;
    const swatch = `<span style="display:inline-block;width:0.6em;height:0.6em;border-radius:50%;background:${colours[player]};margin-right:0.4em"></span>`;
    return `${swatch}${escapeHtml(names[player])}: <b>${formatScore(score)}</b>`;
  });
  return [`Move ${move}`, ...rows].join('<br/>');
}

export function scoreChartOption(
  histories: readonly [readonly bigint[], readonly bigint[]],
  names: readonly [string, string],
  colours: ChartColours,
): ScoreChartOption {
  const moves = Math.max(histories[0].length, histories[1].length);
  const maxScore = maxScoreOf(histories);
  const axis = scoreAxis(maxScore);
  const xTicks = moveTicks(moves);
  const axisLabel = { color: colours.text };
  const splitLine = { lineStyle: { color: colours.grid } };
  return {
    ...chartFrame(16),
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const move = tooltipMove(params, 1);
        return tooltipHtml(move, histories, names, colours.players);
      },
    },
    xAxis: {
      type: 'value',
      // One move still needs a span to draw an axis.
      min: 1,
      max: Math.max(moves, 2),
      axisLabel: { ...axisLabel, customValues: xTicks },
      axisTick: { customValues: xTicks },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'log',
      logBase: axis.base,
      min: 1,
      max: axis.max,
      axisLabel: { ...axisLabel, customValues: axis.ticks, formatter: (value: number) => formatTick(value, maxScore) },
      axisTick: { customValues: axis.ticks },
      splitLine,
    },
    series: ([0, 1] as const).map(
      (player): LineSeriesOption => ({
        type: 'line',
        name: names[player],
        data: histories[player].map((score, index) => [index + 1, plottedScore(score)]),
        color: colours.players[player],
        lineStyle: { color: colours.players[player], width: 2 },
        itemStyle: { color: colours.players[player] },
        // Dots help on short games and clutter long ones.
        showSymbol: moves <= 20,
        symbolSize: 5,
      }),
    ),
  };
}

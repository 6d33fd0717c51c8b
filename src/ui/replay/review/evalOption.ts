/**
 * The ECharts option of the review's evaluation chart, built without a DOM so it can be tested:
 * x is the move number (0 = the empty board), y Player 1's expected result, from -1 (Player 2
 * wins) through 0 (a draw) to +1 (Player 1 wins). Positions the solver proved are drawn as filled
 * dots; the current step is a vertical line.
 */
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { moveTicks } from '../../chart/ticks';
import { chartFrame, tooltipMove } from '../../chart/option';
import { scoreDigits } from '../../score/format';

export type EvalChartOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface EvalColours {
  line: string;
  cursor: string;
  text: string;
  grid: string;
}

export interface EvalPoint {
  chance: number | null; // Player 1's expected result; null until analysed
  exact: boolean;
  margin?: bigint | null; // proven positions: Player 1's final score minus Player 2's with best play, exact
}

/** The y axis in words: who is ahead at +1, 0 and -1. */
export function chanceLabel(value: number): string {
  if (value >= 1) return 'P1 wins';
  if (value <= -1) return 'P2 wins';
  return value === 0 ? 'Even' : '';
}

/** A tooltip's line for one position: "Move 12: Player 1 better (+0.45, estimate)", "Move 30: Player 2 wins by 14 (proven)". */
export function pointInWords(step: number, point: EvalPoint): string {
  const where = step === 0 ? 'Start' : `Move ${step}`;
  if (point.chance === null) return `${where}: not analysed yet`;
  const { chance, exact } = point;
  if (exact) {
    const margin = point.margin ?? 0n;
    const by = margin !== 0n ? ` by ${scoreDigits(margin < 0n ? -margin : margin)}` : '';
    return `${where}: ${chance > 0 ? `Player 1 wins${by}` : chance < 0 ? `Player 2 wins${by}` : 'a draw'} (proven)`;
  }
  const ahead = chance > 0 ? 'Player 1' : 'Player 2';
  const size = Math.abs(chance);
  const words = size < 0.1 ? 'about even' : `${ahead} ${size < 0.3 ? 'slightly better' : size < 0.7 ? 'better' : 'winning'}`;
  return `${where}: ${words} (${chance >= 0 ? '+' : ''}${chance.toFixed(2)}, estimate)`;
}

export function evalChartOption(points: readonly EvalPoint[], step: number, colours: EvalColours): EvalChartOption {
  const last = Math.max(points.length - 1, 1);
  // The start, then the score chart's move ticks (its first, move 1, would crowd the start).
  const ticks = [0, ...moveTicks(last).filter((move) => move > 1)];
  const axisLabel = { color: colours.text };
  return {
    ...chartFrame(12),
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const at = tooltipMove(params, 0);
        const point = points[at];
        return point ? pointInWords(at, point) : '';
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: last,
      axisLabel: { ...axisLabel, customValues: ticks },
      axisTick: { customValues: ticks },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      min: -1,
      max: 1,
      axisLabel: { ...axisLabel, customValues: [-1, 0, 1], formatter: chanceLabel },
      axisTick: { customValues: [-1, 0, 1] },
      splitLine: { lineStyle: { color: colours.grid } },
    },
    series: [
      {
        type: 'line',
        name: 'Evaluation',
        data: points.map((point, index) => [index, point.chance]),
        color: colours.line,
        lineStyle: { color: colours.line, width: 2 },
        // Proven positions filled, estimates hollow.
        symbol: (value: unknown, params: { dataIndex: number }) => (points[params.dataIndex]?.exact ? 'circle' : 'emptyCircle'),
        symbolSize: points.length <= 40 ? 5 : 3,
        showSymbol: true,
        connectNulls: false,
        areaStyle: { color: colours.line, opacity: 0.12, origin: 0 },
      },
      {
        // The current step, as a vertical line across the chart.
        type: 'line',
        name: 'Current step',
        data: [
          [step, -1],
          [step, 1],
        ],
        color: colours.cursor,
        lineStyle: { color: colours.cursor, width: 1, type: 'dashed' },
        showSymbol: false,
        silent: true,
        tooltip: { show: false },
      },
    ],
  };
}

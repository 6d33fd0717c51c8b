/**
 * The ECharts option of the profile's rating graph, built without a DOM so it can be unit-tested:
 * the player's ELO rating before their first graphed game, then after each rated game.
 */
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { RatingPoint } from '../../services/profile';
import { chartFrame, tooltipMove } from '../chart/option';
import { formatDate } from '../leaderboard/format';

export type RatingChartOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface RatingColours {
  line: string;
  text: string;
  grid: string;
}

/** Whole steps of 50 around the ratings, so a small change still reads as one. */
export function ratingAxis(ratings: readonly number[]): { min: number; max: number } {
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  return { min: Math.floor((low - 10) / 50) * 50, max: Math.ceil((high + 10) / 50) * 50 };
}

/** The graph's words for a screen reader: where the rating started and where it is now. */
export function ratingSummary(points: readonly RatingPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No rated games yet';
  const games = points.length - 1;
  return `ELO rating over the last ${games} rated ${games === 1 ? 'game' : 'games'}: from ${first.rating} to ${last.rating}`;
}

/** The tooltip of one point: which game, its date and the rating after it. */
export function ratingTooltip(points: readonly RatingPoint[], index: number): string {
  const point = points[index];
  if (!point) return '';
  const when = formatDate(point.at);
  const label = index === 0 ? 'Before the first game' : `After game ${index}`;
  return `${label}${when ? ` · ${when}` : ''}<br/>ELO <b>${point.rating}</b>`;
}

export function ratingChartOption(points: readonly RatingPoint[], colours: RatingColours): RatingChartOption {
  const axis = ratingAxis(points.map((p) => p.rating));
  const axisLabel = { color: colours.text };
  return {
    ...chartFrame(12),
    tooltip: { trigger: 'axis', formatter: (params) => ratingTooltip(points, tooltipMove(params, 0)) },
    xAxis: {
      type: 'value',
      min: 0,
      max: Math.max(points.length - 1, 1),
      minInterval: 1,
      axisLabel,
      splitLine: { show: false },
    },
    yAxis: { type: 'value', min: axis.min, max: axis.max, axisLabel, splitLine: { lineStyle: { color: colours.grid } } },
    series: [
      {
        type: 'line',
        name: 'ELO rating',
        data: points.map((point, index) => [index, point.rating]),
        color: colours.line,
        lineStyle: { color: colours.line, width: 2 },
        itemStyle: { color: colours.line },
        showSymbol: points.length <= 30,
        symbolSize: 5,
      },
    ],
  };
}

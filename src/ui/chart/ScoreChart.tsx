/**
 * The score-history chart (SPEC §2 "Score chart"): both players' scores after each move on a
 * logarithmic axis. ECharts loads on first use (./loadEcharts), in its own chunk.
 */
import { useEffect, useRef } from 'react';
import { useEchart } from './useEchart';
import { scoreChartOption, type ChartColours } from './option';
import './chart.css';

export interface ScoreChartProps {
  histories: readonly [readonly bigint[], readonly bigint[]]; // each player's exact score after each move
  names: readonly [string, string];
}

/** Fallbacks match the theme's values, for a page without the stylesheet. */
const FALLBACK_PLAYERS: [string, string] = ['#2e9e4f', '#2f7de1'];

/** A canvas cannot use CSS variables: read the theme's colours from the page once per draw. */
function readColours(element: HTMLElement): ChartColours {
  const style = getComputedStyle(element);
  const variable = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    players: [variable('--player-0', FALLBACK_PLAYERS[0]), variable('--player-1', FALLBACK_PLAYERS[1])],
    text: style.color || '#666',
    grid: variable('--grid-line', 'rgba(128, 128, 128, 0.25)'),
  };
}

export function ScoreChart({ histories, names }: ScoreChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const empty = histories[0].length === 0 && histories[1].length === 0;
  const { chart: chartRef, ready } = useEchart(containerRef, !empty);

  const [first, second] = histories;
  const [firstName, secondName] = names;
  useEffect(() => {
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!chart || !container) return;
    chart.setOption(scoreChartOption([first, second], [firstName, secondName], readColours(container)), {
      notMerge: true,
    });
  }, [chartRef, first, second, firstName, secondName, empty, ready]);

  if (empty) return <p className="score-chart-empty">No score data available</p>;

  return (
    <figure className="score-chart">
      <div
        ref={containerRef}
        className="score-chart-canvas"
        role="img"
        aria-label={`Score history of ${firstName} and ${secondName} after each move`}
      />
      <figcaption className="score-chart-legend">
        {[firstName, secondName].map((name, player) => (
          <span key={player} className="score-chart-key">
            <span className={`score-chart-swatch player-${player}`} aria-hidden="true" />
            {name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

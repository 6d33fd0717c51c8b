/**
 * The review's evaluation chart: Player 1's expected result after each move, the current step
 * marked; a click anywhere on it goes to the nearest move, as on lichess. ECharts loads on first
 * use (../../chart/loadEcharts), in its own chunk.
 */
import { useEffect, useRef } from 'react';
import { useEchart } from '../../chart/useEchart';
import { evalChartOption, type EvalColours, type EvalPoint } from './evalOption';

export interface EvalChartProps {
  points: readonly EvalPoint[]; // one per position, the empty board first
  step: number; // the position shown
  onGo(step: number): void;
}

function readColours(element: HTMLElement): EvalColours {
  const style = getComputedStyle(element);
  const variable = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    line: variable('--player-0', '#2e9e4f'),
    cursor: variable('--muted', '#888'),
    text: style.color || '#666',
    grid: variable('--grid-line', 'rgba(128, 128, 128, 0.25)'),
  };
}

export function EvalChart({ points, step, onGo }: EvalChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const goRef = useRef(onGo);
  useEffect(() => {
    goRef.current = onGo;
  }, [onGo]);
  const { chart: chartRef, ready } = useEchart(containerRef, true, (chart) => {
    // A click anywhere in the plot, not only on a dot, goes to the nearest move.
    chart.getZr().on('click', (event) => {
      const point = [event.offsetX, event.offsetY];
      if (!chart.containPixel('grid', point)) return;
      const [x] = chart.convertFromPixel('grid', point) as number[];
      if (x !== undefined && Number.isFinite(x)) goRef.current(Math.round(x));
    });
  });

  useEffect(() => {
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!chart || !container) return;
    chart.setOption(evalChartOption(points, step, readColours(container)), { notMerge: true });
  }, [chartRef, points, step, ready]);

  return (
    <figure className="review-chart">
      <div
        ref={containerRef}
        className="review-chart-canvas"
        data-testid="review-chart"
        data-ready={ready}
        role="img"
        aria-label="Evaluation after each move, from Player 2 winning (bottom) to Player 1 winning (top); the move list below says the same in words"
      />
      <figcaption className="review-chart-key">Filled dots: proven by the solver. Hollow: Expert&apos;s estimate. Click to go to a move.</figcaption>
    </figure>
  );
}

/**
 * The profile's rating graph: the ELO rating after each rated game, drawn by ECharts as the
 * score chart is (loaded on first use, in its own chunk).
 */
import { useEffect, useRef } from 'react';
import type { RatingPoint } from '../../services/profile';
import { useEchart } from '../chart/useEchart';
import { ratingChartOption, ratingSummary, type RatingColours } from './ratingOption';

/** A canvas cannot use CSS variables: the theme's colours are read from the page. */
function readColours(element: HTMLElement): RatingColours {
  const style = getComputedStyle(element);
  const variable = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { line: variable('--player-0', '#2e9e4f'), text: style.color || '#666', grid: variable('--grid-line', 'rgba(128, 128, 128, 0.25)') };
}

export function RatingChart({ points }: { points: readonly RatingPoint[] }) {
  const containerRef = useRef<HTMLDivElement>(null);
  // One point is only the rating before a game: a graph needs a game.
  const drawn = points.length >= 2;
  const { chart, ready } = useEchart(containerRef, drawn);

  useEffect(() => {
    const container = containerRef.current;
    if (!chart.current || !container) return;
    chart.current.setOption(ratingChartOption(points, readColours(container)), { notMerge: true });
  }, [chart, points, ready]);

  if (!drawn) return <p className="profile-empty">No rated games yet</p>;
  return <div ref={containerRef} className="profile-rating-chart" role="img" aria-label={ratingSummary(points)} data-testid="rating-chart" />;
}

/** The end-of-game statistics table (SPEC §2 "Statistics table"): one column per player. */
import { useMemo } from 'react';
import { computeStatistics, type PlayerStatistics } from '../../game/statistics';
import { formatScore } from '../score/format';
import './results.css';

export interface StatisticsTableProps {
  histories: readonly [readonly number[], readonly number[]];
  occupiedCells: number; // both players' cells on the final board
  names: readonly [string, string];
}

/** The rows in the spec's order, each with how its figure is written. */
const ROWS: { label: string; value(stats: PlayerStatistics): string }[] = [
  { label: 'Final Score', value: (s) => formatScore(s.finalScore) },
  { label: 'Highest Score', value: (s) => formatScore(s.highestScore) },
  { label: 'Biggest Single Move Gain', value: (s) => formatScore(s.biggestGain) },
  { label: 'Largest Lead', value: (s) => formatScore(s.largestLead) },
  { label: 'Time in Lead', value: (s) => `${s.timeInLead}%` },
];

export function StatisticsTable({ histories, occupiedCells, names }: StatisticsTableProps) {
  const stats = useMemo(() => computeStatistics(histories, occupiedCells), [histories, occupiedCells]);
  return (
    <table className="stats-table" data-testid="statistics-table">
      <thead>
        <tr>
          <th scope="col">
            <span className="stats-hidden">Statistic</span>
          </th>
          {names.map((name, player) => (
            <th key={player} scope="col">
              <span className={`stats-swatch player-${player}`} aria-hidden="true" />
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROWS.map(({ label, value }) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value(stats.players[0])}</td>
            <td>{value(stats.players[1])}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total Moves</th>
          <td colSpan={2}>{formatScore(stats.totalMoves)}</td>
        </tr>
        <tr>
          <th scope="row">Lead Changes</th>
          <td colSpan={2}>{formatScore(stats.leadChanges)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

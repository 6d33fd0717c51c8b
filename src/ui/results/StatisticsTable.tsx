/** The end-of-game statistics table (SPEC §2 "Statistics table"): one column per player. */
import { useMemo } from 'react';
import { computeStatistics, type PlayerStatistics } from '../../game/statistics';
import { formatNumber } from '../leaderboard/format';
import { ScoreText } from '../score/ScoreText';
import './results.css';

export interface StatisticsTableProps {
  histories: readonly [readonly bigint[], readonly bigint[]]; // exact
  occupiedCells: number; // both players' cells on the final board
  names: readonly [string, string];
}

/** The rows in the spec's order, each with its figure: a score (exact) or a percentage. */
const ROWS: { label: string; value(stats: PlayerStatistics): bigint | string }[] = [
  { label: 'Final Score', value: (s) => s.finalScore },
  { label: 'Highest Score', value: (s) => s.highestScore },
  { label: 'Biggest Single Move Gain', value: (s) => s.biggestGain },
  { label: 'Largest Lead', value: (s) => s.largestLead },
  { label: 'Time in Lead', value: (s) => `${s.timeInLead}%` },
];

/** A cell of the table: a long score compact, with every digit in its tooltip and read aloud. */
function Figure({ value }: { value: bigint | string }) {
  return <td>{typeof value === 'string' ? value : <ScoreText score={value} />}</td>;
}

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
            <Figure value={value(stats.players[0])} />
            <Figure value={value(stats.players[1])} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total Moves</th>
          <td colSpan={2}>{formatNumber(stats.totalMoves)}</td>
        </tr>
        <tr>
          <th scope="row">Lead Changes</th>
          <td colSpan={2}>{formatNumber(stats.leadChanges)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

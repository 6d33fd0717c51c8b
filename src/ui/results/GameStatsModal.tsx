/** 'Game Statistics' (SPEC §2): the score chart and the statistics table, at any point of a game. */
import { ScoreChart } from '../chart/ScoreChart';
import { Modal } from '../dialogs/Modal';
import { StatisticsTable } from './StatisticsTable';
import './results.css';

export interface GameStatsModalProps {
  open: boolean;
  onClose(): void;
  histories: readonly [readonly bigint[], readonly bigint[]]; // exact
  names: readonly [string, string];
  occupiedCells: number;
}

export function GameStatsModal({ open, onClose, histories, names, occupiedCells }: GameStatsModalProps) {
  return (
    <Modal open={open} title="Game Statistics" onClose={onClose} className="results-modal">
      <ScoreChart histories={histories} names={names} />
      <StatisticsTable histories={histories} occupiedCells={occupiedCells} names={names} />
    </Modal>
  );
}

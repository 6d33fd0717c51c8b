/**
 * 'Game Results' after an online game, in the same dialog as the game on one device:
 * SPEC §7's words ('You won!', 'You lost!', 'Game ended in a draw!'), both seats' names and
 * scores, each player's rating change when the game was rated (or that it was casual, or why a
 * rated room's game was not rated), the board size, the score chart and the statistics, then Rematch and Back to Lobby.
 * Rematch is the room's own (RematchPanel, passed in), so its offer and countdown show here too.
 */
import type { ReactNode } from 'react';
import { MIRROR_RULE_EXPLAINED, MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { analysisPath } from '../../game/analysis/link';
import { replayPath } from '../../game/record';
import type { RatingChange } from '../../protocol';
import { ScoreChart } from '../chart/ScoreChart';
import { formatNumber } from '../leaderboard/format';
import { Modal } from '../dialogs/Modal';
import { CopyGame } from './CopyGame';
import { ScoreBoxView } from './GameOverModal';
import { StatisticsTable } from './StatisticsTable';
import { boardSizeText } from './summary';
import './results.css';

export interface OnlineResultsProps {
  open: boolean;
  onClose(): void;
  /** 'You won!', 'You lost!' or 'Game ended in a draw!' */
  message: string;
  names: [string, string];
  scores: readonly [bigint, bigint]; // exact
  boardSize: number;
  histories: readonly [readonly bigint[], readonly bigint[]];
  occupiedCells: number;
  /** Each seat's rating before and after (seat 0 first), when the game was rated. */
  ratings: readonly [RatingChange, RatingChange] | null;
  /** The host chose a casual game: no rating changes, whoever plays. */
  casual: boolean;
  /** A game that would have been rated but was not: why, in plain words (room.rules unratedText). */
  unrated?: string | null;
  /** The game was played under "No mirroring" (the room's rule). */
  mirrorRule?: boolean;
  /** The room's Rematch (RematchPanel). */
  rematch: ReactNode;
  onBackToLobby(): void;
  /** The game's record (game/record.ts), for Copy game. */
  record?: string | undefined;
}

export function OnlineResults(props: OnlineResultsProps) {
  const { names, scores, histories } = props;
  const footer = (
    <div className="dialog-actions results-actions">
      {props.rematch}
      <button type="button" className="button" onClick={props.onBackToLobby}>
        Back to Lobby
      </button>
    </div>
  );
  return (
    <Modal open={props.open} title="Game Results" onClose={props.onClose} className="results-modal" footer={footer}>
      <div className="results-headline" data-testid="results-headline">
        <p className="results-title">{props.message}</p>
      </div>
      <div className="results-scores">
        {([0, 1] as const).map((player) => (
          <ScoreBoxView key={player} label={names[player]} score={scores[player]} player={player} />
        ))}
      </div>
      {props.ratings && (
        <ul className="results-ratings" aria-label="Ratings">
          {([0, 1] as const).map((player) => (
            <li key={player}>{ratingLine(names[player], props.ratings![player])}</li>
          ))}
        </ul>
      )}
      <ResultsDetails {...props} />
      <ScoreChart histories={histories} names={names} />
      <StatisticsTable histories={histories} occupiedCells={props.occupiedCells} names={names} />
      {props.record && (
        <div className="results-record">
          <CopyGame text={props.record} />
          <a className="button" href={replayPath(props.record)} target="_blank" rel="noreferrer">
            Replay and review
          </a>
          {/* The analysis board on the final position, to try other moves from any point. */}
          <a className="button" href={analysisPath(props.record)} target="_blank" rel="noreferrer">
            Analyse
          </a>
        </div>
      )}
    </Modal>
  );
}

/** "Alice: 1,200 → 1,220 (+20)" */
/** The game's terms under the scores: its board, its rule, and whether it was rated. */
export function ResultsDetails(props: Pick<OnlineResultsProps, 'boardSize' | 'mirrorRule' | 'casual' | 'unrated'>) {
  return (
    <div className="results-details">
      <span>{boardSizeText(props.boardSize)}</span>
      {props.mirrorRule && (
        <span data-testid="results-mirror-rule" title={MIRROR_RULE_EXPLAINED}>
          {MIRROR_RULE_LABEL}
        </span>
      )}
      {props.casual && <span>Casual game: ratings unchanged</span>}
      {props.unrated && <span data-testid="results-unrated">{props.unrated}</span>}
    </div>
  );
}

export function ratingLine(name: string, { before, after }: RatingChange): string {
  const change = after - before;
  const signed = change > 0 ? `+${formatNumber(change)}` : change < 0 ? `−${formatNumber(-change)}` : '±0';
  return `${name}: ${formatNumber(before)} → ${formatNumber(after)} (${signed})`;
}

/**
 * 'Game Results' (SPEC §2 "Game Over modal"): the headline, both scores, the game's settings,
 * the score chart, the statistics table, and Play Again / Share Score / Back to Home.
 */
import { useState } from 'react';
import type { AiLevel, Scores, ScoringMechanism } from '../../engine';
import { MIRROR_RULE_EXPLAINED, MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { analysisPath } from '../../game/analysis/link';
import { replayPath } from '../../game/record';
import { gameTitle, headline } from '../../game/result';
import type { BoardSize, PlayerMode } from '../../game/types';
import { ScoreChart } from '../chart/ScoreChart';
import { Modal } from '../dialogs/Modal';
import { isLongScore } from '../score/format';
import { ScoreDigits } from '../score/ScoreDigits';
import { CopyGame } from './CopyGame';
import { scoreShareText, shareScore } from './share';
import { StatisticsTable } from './StatisticsTable';
import { boardSizeText, difficultyName, scoreBoxes } from './summary';
import './results.css';

export interface GameOverModalProps {
  open: boolean;
  onClose(): void;
  playerMode: PlayerMode;
  scores: Scores; // exact
  names: [string, string];
  boardSize: BoardSize;
  aiDifficulty: AiLevel;
  scoringMechanism: ScoringMechanism;
  histories: readonly [readonly bigint[], readonly bigint[]];
  occupiedCells: number;
  onPlayAgain(): void; // resets with the current settings and closes the dialog (the page's job)
  /** The game's record (game/record.ts), for Copy game. */
  record?: string | undefined;
  /** A hint was used, so the game was not submitted to High Scores. */
  hintUsed?: boolean | undefined;
  /** The game was played under "No mirroring": named with its settings. */
  mirrorRule?: boolean | undefined;
  onBackToHome(): void;
}

export function GameOverModal(props: GameOverModalProps) {
  const { open, onClose, playerMode, scores, names, histories, occupiedCells } = props;
  const [sharing, setSharing] = useState(false);
  const { title, result } = headline(scores, playerMode);
  const [firstBox, secondBox] = scoreBoxes(scores, playerMode);

  const onShare = async () => {
    setSharing(true); // one share sheet at a time: a second share() call would be rejected
    try {
      const text = scoreShareText(scores, playerMode, props.record, window.location.origin);
      await shareScore({ title: gameTitle(props.scoringMechanism), text }, navigator, window);
    } finally {
      setSharing(false);
    }
  };

  // In the footer: always in view without scrolling, whatever the screen's height (the body
  // scrolls), the record's buttons (Copy game, Replay and review, Analyse) with the others.
  const actions = (
    <div className="results-footer">
      {props.record && (
        <div className="results-record">
          <CopyGame text={props.record} />
          <a className="button" href={replayPath(props.record)}>
            Replay and review
          </a>
          {/* The analysis board on the final position, to try other moves from any point. */}
          <a className="button" href={analysisPath(props.record)}>
            Analyse
          </a>
        </div>
      )}
      <div className="dialog-actions results-actions">
        <button type="button" className="button button-primary" onClick={props.onPlayAgain}>
          Play Again
        </button>
        <button type="button" className="button" onClick={() => void onShare()} disabled={sharing}>
          Share Score
        </button>
        <button type="button" className="button" onClick={props.onBackToHome}>
          Back to Home
        </button>
      </div>
    </div>
  );

  return (
    <Modal open={open} title="Game Results" onClose={onClose} className="results-modal" footer={actions}>
      <div className="results-headline" data-testid="results-headline">
        <p className="results-title">{title}</p>
        <p className="results-outcome">{result}</p>
      </div>

      <div className="results-scores">
        <ScoreBoxView {...firstBox} />
        <span className="results-vs" aria-hidden="true">
          VS
        </span>
        <ScoreBoxView {...secondBox} />
      </div>

      <div className="results-details">
        <span>{boardSizeText(props.boardSize)}</span>
        {playerMode === 'ai' && (
          <span className={`results-difficulty ai-${props.aiDifficulty}`}>
            AI Difficulty: {difficultyName(props.aiDifficulty)}
          </span>
        )}
        {props.mirrorRule && (
          <span data-testid="results-mirror-rule" title={MIRROR_RULE_EXPLAINED}>
            {MIRROR_RULE_LABEL}
          </span>
        )}
      </div>

      <ScoreChart histories={histories} names={names} />
      <StatisticsTable histories={histories} occupiedCells={occupiedCells} names={names} />
      {props.hintUsed && <p className="results-note">A hint was used: this game is not submitted to High Scores.</p>}
    </Modal>
  );
}

/** One player's score box, in their colour: every digit of the score, however long. */
export function ScoreBoxView({ label, score, player }: { label: string; score: bigint; player: 0 | 1 }) {
  return (
    // A long score (one shown compactly elsewhere) gets smaller type, so its digits take fewer lines.
    <div className={`results-score player-${player}${isLongScore(score) ? ' results-score-long' : ''}`} data-testid={`result-box-${label}`}>
      <span className="results-score-label">{label}</span>
      <span className="results-score-value" data-score={String(score)}>
        <ScoreDigits score={score} />
      </span>
    </div>
  );
}

/**
 * One game's replay: the board as it stood after any move, drawn by the game's own
 * board component, both scores at that step, the move list with the current move marked, and
 * the step controls (First, Back, Forward, Last; the arrow keys, Home and End), and the post-game
 * review: its marks in the move list, the engine's best move on the board.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Engine } from '../../engine';
import { analysisPath } from '../../game/analysis/link';
import { MIRROR_RULE_EXPLAINED, MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { cellName } from '../../game/notation';
import { formatRecord, replayPath, resultInWords, type GameRecord } from '../../game/record';
import type { ReplayStep } from '../../game/replay';
import { GameBoard } from '../board/GameBoard';
import { CopyGame } from '../results/CopyGame';
import { leaderOf } from '../score/format';
import { PlayerStrip } from '../score/PlayerStrip';
import { GAME_TITLES } from '../game/titles';
import { useReplaySteps } from './useReplaySteps';
import { MoveList } from './review/MoveList';
import { ReviewPanel } from './review/ReviewPanel';
import { useGameReview } from './review/useGameReview';

const NAMES: [string, string] = ['Player 1', 'Player 2'];

export interface ReplayViewProps {
  engine: Engine;
  record: GameRecord;
  steps: ReplayStep[]; // replayRecord's: the empty board first
}

export function ReplayView({ engine, record, steps }: ReplayViewProps) {
  const cursor = useReplaySteps(steps.length - 1);
  const review = useGameReview(record, steps);
  const { step, last } = cursor;
  const position = steps[step] ?? steps[0]!;
  const [annotations, setAnnotations] = useState({ showText: true, showLines: true });
  const groups = useMemo(() => engine.groups(position.board, record.mode), [engine, position.board, record.mode]);
  const breakdown = useMemo<[number[], number[]]>(
    () => [groups.filter((g) => g.player === 0).map((g) => g.value), groups.filter((g) => g.player === 1).map((g) => g.value)],
    [groups],
  );
  const text = formatRecord(record);
  const toMove = position.player === null ? record.firstPlayer : position.player === 0 ? 1 : 0;
  const atEnd = step === last;
  // The final position of a finished game: nobody is to move.
  const over = atEnd && record.result !== '*';
  const leader = leaderOf(position.scores);
  const moveText = position.move && position.player !== null ? `${NAMES[position.player]} played ${cellName(position.move, record.height)}` : '';

  return (
    // A phone: Player 2's strip, the board near the top, Player 1's strip, then the step controls
    // within reach and the review under them; a desktop: the board left, the rest beside it
    // (replay.css places each part).
    <div className="replay-layout">
      <section className="replay-scores" aria-label="Scores">
        {([1, 0] as const).map((player) => (
          <div key={player} className={`replay-strip replay-strip-${player === 1 ? 'top' : 'bottom'}`}>
            <PlayerStrip
              player={player}
              name={NAMES[player]}
              score={position.scores[player]}
              groups={breakdown[player]}
              mode={record.mode}
              active={!over && toMove === player}
              leader={leader === player}
            />
          </div>
        ))}
      </section>
      <div className="replay-board replay-layout-board">
        <GameBoard
          board={position.board}
          mode={record.mode}
          groups={groups}
          annotations={annotations}
          currentPlayer={toMove}
          interactive={false}
          lastMove={position.move ?? undefined}
          hint={review.positions[step]?.best}
          names={NAMES}
          onPlace={() => {}}
          onToggleAnnotations={() => setAnnotations(({ showText }) => ({ showText: !showText, showLines: !showText }))}
          predict={(cell, player) => {
            const result = engine.predict(position.board, cell, player, record.mode);
            return result.ok ? result.prediction : null;
          }}
        />
      </div>
      <div className="replay-side">
        <div className="replay-steps">
          <p className="replay-step" role="status" data-testid="replay-step" data-step={step}>
            {step === 0 ? `Start of the game (${last} moves)` : `Move ${step} of ${last}`}
          </p>
          <p className="replay-last-move">{moveText || '\u00a0'}</p>
        </div>
        <div className="replay-controls" role="group" aria-label="Step through the game">
          <button type="button" className="button" onClick={() => cursor.go(0)} disabled={step === 0} aria-keyshortcuts="Home">
            First
          </button>
          <button type="button" className="button" onClick={() => cursor.go(step - 1)} disabled={step === 0} aria-keyshortcuts="ArrowLeft">
            Back
          </button>
          <button type="button" className="button" onClick={() => cursor.go(step + 1)} disabled={atEnd} aria-keyshortcuts="ArrowRight">
            Forward
          </button>
          <button type="button" className="button" onClick={() => cursor.go(last)} disabled={atEnd} aria-keyshortcuts="End">
            Last
          </button>
        </div>
        <ReviewPanel review={review} record={record} step={step} names={NAMES} onGo={cursor.go} />
        <MoveList record={record} steps={steps} step={step} marks={review.moves} names={NAMES} onGo={cursor.go} />
        {/* The game's rules: its scoring mode, its board, and "No mirroring" where it was played under it. */}
        <p className="replay-summary" data-testid="replay-summary" title={record.mirrorRule ? MIRROR_RULE_EXPLAINED : undefined}>
          {GAME_TITLES[record.mode]}, {record.width}×{record.height}
          {record.mirrorRule ? `, ${MIRROR_RULE_LABEL}` : ''}: {resultInWords(record.result)} ({record.result})
        </p>
        <div className="replay-share">
          <CopyGame text={text} />
          <CopyGame text={`${window.location.origin}${replayPath(text)}`} label="Copy link" copied="Link copied to the clipboard" />
          {/* The analysis board on the position shown, to try other moves from it. */}
          <Link className="button" to={analysisPath(text, step)}>
            Analyse
          </Link>
        </div>
      </div>
    </div>
  );
}

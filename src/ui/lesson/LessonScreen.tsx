/**
 * The lesson's screen: the step counter and Skip, what to do, the board, what happened, and Next
 * (at the end Play a game). The player is green and alone on the board; each step starts from
 * its prepared position (steps.ts), and Start again puts it back.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BoardState, CellPosition, Engine } from '../../engine';
import { GameBoard } from '../board/GameBoard';
import { lessonOutcome, rememberLesson } from './lessonMemory';
import { LESSON_MODE, LESSON_STEPS, scoreLine, startBoard, stepComplete } from './steps';
import '../theme/theme.css';
import '../theme/buttons.css';
import './lesson.css';

const NAMES: [string, string] = ['You', 'Blue'];

export function LessonScreen({ engine }: { engine: Engine }) {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const step = LESSON_STEPS[index] ?? LESSON_STEPS[0]!;
  const [board, setBoard] = useState<BoardState>(() => startBoard(step));
  const [lastMove, setLastMove] = useState<CellPosition | undefined>(undefined);
  const [previewed, setPreviewed] = useState(false);
  const [annotations, setAnnotations] = useState({ showText: true, showLines: true });

  const startGroups = useMemo(() => engine.groups(startBoard(step), LESSON_MODE), [engine, step]);
  const groups = useMemo(() => engine.groups(board, LESSON_MODE), [engine, board]);
  const score = useMemo(() => engine.scores(board, LESSON_MODE)[0], [engine, board]);
  const done = stepComplete(step, { startGroups, groups, previewed });
  const last = index === LESSON_STEPS.length - 1;
  const moved = board.occupiedCells[0].size > step.start.length;

  // Reaching the last step's end finishes the lesson: Home stops offering it.
  useEffect(() => {
    if (done && last) rememberLesson('finished');
  }, [done, last]);

  const begin = (next: number) => {
    const nextStep = LESSON_STEPS[next] ?? step;
    setIndex(next);
    setBoard(startBoard(nextStep));
    setLastMove(undefined);
    setPreviewed(false);
  };
  const place = (cell: CellPosition) => {
    const result = engine.play(board, cell, 0, LESSON_MODE);
    if (!result.ok) return;
    setBoard(result.board);
    setLastMove(cell);
  };
  const skip = () => {
    // A replay after finishing stays finished; otherwise the skip is remembered.
    if (lessonOutcome() === null) rememberLesson('skipped');
    navigate('/home');
  };

  return (
    <main className="lesson" aria-labelledby="lesson-title">
      <div className="lesson-head">
        <h1 id="lesson-title" className="lesson-title">
          Learn the game
        </h1>
        <p className="lesson-counter">
          Step {index + 1} of {LESSON_STEPS.length}
        </p>
        <button type="button" className="button lesson-skip" onClick={skip}>
          Skip
        </button>
      </div>
      <h2 className="lesson-step">{step.title}</h2>
      <p className="lesson-instruction" data-testid="lesson-instruction">
        {step.instruction}
      </p>
      <p className="lesson-score" data-testid="lesson-score">
        Your score: {scoreLine(groups, score)}
      </p>
      <div className="lesson-board">
        <GameBoard
          board={board}
          mode={LESSON_MODE}
          groups={groups}
          annotations={annotations}
          currentPlayer={0}
          interactive={!done}
          lastMove={lastMove}
          hint={done || moved ? null : step.target}
          names={NAMES}
          onPlace={place}
          onToggleAnnotations={() => setAnnotations((a) => ({ showText: !a.showText, showLines: !a.showLines }))}
          predict={(cell, player) => {
            const result = engine.predict(board, cell, player, LESSON_MODE);
            return result.ok ? result.prediction : null;
          }}
          onPreview={() => setPreviewed(true)}
        />
      </div>
      <p className="lesson-outcome" role="status" data-testid="lesson-outcome">
        {done ? step.outcome : ''}
      </p>
      <div className="lesson-actions">
        {!done && moved && (
          <button type="button" className="button" onClick={() => begin(index)}>
            Start again
          </button>
        )}
        {done && !last && (
          <button type="button" className="button button-primary" onClick={() => begin(index + 1)}>
            Next
          </button>
        )}
        {done && last && (
          <button type="button" className="button button-primary" onClick={() => navigate('/game')}>
            Play a game
          </button>
        )}
      </div>
    </main>
  );
}

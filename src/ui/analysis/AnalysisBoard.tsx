/**
 * The analysis board: the game's board at the chosen position, where the player tries moves by
 * tapping free cells (the players alternate; the game's rules hold, No mirroring included), takes
 * them back and forward (the buttons, or Left and Right), and sees the variations as a tree
 * (MoveTree), the evaluation bar, the engine's three best moves listed and ringed on the board,
 * and the solver's proof near the end. Copy link shares the line and the position.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CellPosition, Engine } from '../../engine';
import { linkOfLine, type AnalysisStart } from '../../game/analysis/link';
import { positionAfter, tryMove } from '../../game/analysis/position';
import { TOP_MOVES, type SearchPosition } from '../../game/analysis/search';
import { back, currentLine, deleteBranch, forward, jump, makeMainLine, movesTo, playMove, plyOf, treeOfLine, type VariationTree } from '../../game/analysis/tree';
import { MIRROR_RULE_EXPLAINED, MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { cellName } from '../../game/notation';
import { GameBoard } from '../board/GameBoard';
import { GAME_TITLES } from '../game/titles';
import { CopyGame } from '../results/CopyGame';
import { ScoreDisplay } from '../score/ScoreDisplay';
import { EngineLines, EvalBar } from './EngineLines';
import { MoveTree } from './MoveTree';
import { TopMovesOverlay } from './TopMovesOverlay';
import { useEngineAnalysis } from './useEngineAnalysis';
import { NAMES } from './words';

export interface AnalysisBoardProps {
  engine: Engine;
  start: AnalysisStart;
}

export function AnalysisBoard({ engine, start }: AnalysisBoardProps) {
  const { record } = start;
  const [tree, setTree] = useState<VariationTree>(() => treeOfLine(record.moves, start.ply));
  const [notice, setNotice] = useState<string | null>(null);
  const [annotations, setAnnotations] = useState({ showText: true, showLines: true });
  useStepKeys(setTree);

  const moves = useMemo(() => movesTo(tree), [tree]);
  const key = moves.map((cell) => `${cell.gridX}-${cell.gridY}`).join(' ');
  // The tree's moves were each played through the engine, so the position always replays.
  const position = useMemo(() => {
    const replayed = positionAfter(record, moves, engine);
    if (!replayed.ok) throw new Error(replayed.error);
    return replayed.position;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the same moves give the same position
  }, [key, record, engine]);
  const search = useMemo<SearchPosition | null>(
    () => (position.mover === null ? null : { board: position.board, player: position.mover, mode: record.mode, mirrorRule: record.mirrorRule === true }),
    [position, record],
  );
  const answer = useEngineAnalysis(search);
  const groups = useMemo(() => engine.groups(position.board, record.mode), [engine, position.board, record.mode]);
  const breakdown = useMemo<[number[], number[]]>(
    () => [groups.filter((g) => g.player === 0).map((g) => g.value), groups.filter((g) => g.player === 1).map((g) => g.value)],
    [groups],
  );

  const onPlace = (cell: CellPosition) => {
    if (position.mover === null) return;
    const tried = tryMove(record, position.board, cell, position.mover, engine);
    if (!tried.ok) return setNotice(tried.error);
    setNotice(null);
    setTree((current) => playMove(current, cell));
  };
  // The link carries the whole line shown (on past the position to its end) and the position's ply.
  const link = useMemo(() => {
    const line = currentLine(tree);
    const end = positionAfter(record, line, engine);
    return end.ok ? `${window.location.origin}${linkOfLine(record, line, end.position.scores, plyOf(tree))}` : null;
  }, [tree, record, engine]);
  const free = position.board.gridWidth * position.board.gridHeight - position.board.occupiedCells[0].size - position.board.occupiedCells[1].size;
  const here = tree.nodes[tree.cursor]!;
  const inBranch = moves.length > 0 && !isMainLine(tree);
  const toMove = position.mover ?? (moves.length % 2 === 0 ? record.firstPlayer : record.firstPlayer === 0 ? 1 : 0);
  const lastMove = position.lastMove ? `${NAMES[toMove === 0 ? 1 : 0]} played ${cellName(position.lastMove, record.height)}` : '';

  return (
    <div className="replay-game analysis-game">
      <div className="replay-panel">
        <p className="replay-summary" data-testid="analysis-summary" title={record.mirrorRule ? MIRROR_RULE_EXPLAINED : undefined}>
          {GAME_TITLES[record.mode]}, {record.width}×{record.height}
          {record.mirrorRule ? `, ${MIRROR_RULE_LABEL}` : ''}
        </p>
        <EvalBar update={answer.update} mover={position.mover} scores={position.scores} />
        <ScoreDisplay scores={position.scores} groups={breakdown} currentPlayer={toMove} names={NAMES} progress={position.mover === null ? 'over' : 'playing'} lastMove={lastMove} />
        <p className="replay-step" role="status" data-testid="analysis-step" data-ply={moves.length}>
          {moves.length === 0 ? 'Start of the game' : `After move ${moves.length}`}
          {position.mover !== null ? `: ${NAMES[position.mover]} to move` : ''}
        </p>
        <div className="replay-controls" role="group" aria-label="Take moves back and forward">
          <button type="button" className="button" onClick={() => setTree(back)} disabled={here.parent === null} aria-keyshortcuts="ArrowLeft">
            Back
          </button>
          <button type="button" className="button" onClick={() => setTree(forward)} disabled={here.children.length === 0} aria-keyshortcuts="ArrowRight">
            Forward
          </button>
          {inBranch && (
            <>
              <button type="button" className="button" onClick={() => setTree((current) => makeMainLine(current, current.cursor))}>
                Make main line
              </button>
              <button type="button" className="button" onClick={() => setTree((current) => deleteBranch(current, branchStart(current)))}>
                Delete branch
              </button>
            </>
          )}
        </div>
        {notice && (
          <p className="replay-error" role="alert" data-testid="analysis-notice">
            {notice}
          </p>
        )}
        <EngineLines answer={answer} mover={position.mover} scores={position.scores} height={record.height} expected={Math.min(TOP_MOVES, free)} onPlay={onPlace} />
        <MoveTree tree={tree} record={record} onGo={(id) => setTree((current) => jump(current, id))} />
        {link && (
          <div className="replay-share">
            <CopyGame text={link} label="Copy link" copied="Link copied to the clipboard" />
          </div>
        )}
      </div>
      <div className="replay-board analysis-board">
        <GameBoard
          board={position.board}
          mode={record.mode}
          groups={groups}
          annotations={annotations}
          currentPlayer={toMove}
          interactive={position.mover !== null}
          lastMove={position.lastMove ?? undefined}
          names={NAMES}
          onPlace={onPlace}
          onToggleAnnotations={() => setAnnotations(({ showText }) => ({ showText: !showText, showLines: !showText }))}
          predict={(cell, player) => {
            const result = engine.predict(position.board, cell, player, record.mode);
            return result.ok ? result.prediction : null;
          }}
          playable={
            record.mirrorRule && position.mover !== null
              ? (cell) => engine.play(position.board, cell, position.mover ?? 0, record.mode, { mirrorRule: true }).ok
              : undefined
          }
        />
        <TopMovesOverlay board={position.board} top={answer.update?.top ?? []} />
      </div>
    </div>
  );
}

/** Whether the shown position lies on the main line (every move the first child of its parent). */
function isMainLine(tree: VariationTree): boolean {
  for (let node = tree.nodes[tree.cursor]!; node.parent !== null; node = tree.nodes[node.parent]!) {
    if (tree.nodes[node.parent]!.children[0] !== node.id) return false;
  }
  return true;
}

/** The first move of the innermost branch the shown position lies in: what Delete branch removes. */
function branchStart(tree: VariationTree): number {
  for (let node = tree.nodes[tree.cursor]!; node.parent !== null; node = tree.nodes[node.parent]!) {
    if (tree.nodes[node.parent]!.children[0] !== node.id) return node.id;
  }
  return tree.cursor;
}

/** Left and Right take a move back and forward, as in the replay; keys typed in a field or already used are left alone. */
function useStepKeys(setTree: (update: (tree: VariationTree) => VariationTree) => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = event.key === 'ArrowLeft' ? back : event.key === 'ArrowRight' ? forward : null;
      if (!step || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      setTree(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setTree]);
}

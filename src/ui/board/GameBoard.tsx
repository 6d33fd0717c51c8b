/**
 * The game page's board (SPEC §2 Board): PixiJS drawing, tap to place or toggle
 * annotations (with a confirming second tap where cells are small, src/board/confirm.ts),
 * hold-and-drag prediction popup, keyboard play and test hooks.
 * Decisions live in src/board; this component wires them to the DOM.
 */
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { BoardState, CellPosition, Group, PlayerIndex, Prediction, ScoringMechanism } from '../../engine';
import { confirmsTaps, stepTap, type TapTarget } from '../../board/confirm';
import { clampFocus, initialFocus, isFocusKey, moveFocus } from '../../board/focus';
import type { GestureEffect } from '../../board/gesture';
import { hoverCell } from '../../board/hover';
import { cellAt, cellCentre, cellFromKey, computeLayout } from '../../board/layout';
import { groupLabels, overlaySegments, ownerOf } from '../../board/overlay';
import type { Point } from '../../board/types';
import { BoardCanvas } from './BoardCanvas';
import { BoardCells, cellElementId } from './BoardCells';
import { BoardCoordinates } from './BoardCoordinates';
import { useShowCoordinates } from './coordinatesPreference';
import { PredictionPopup } from './PredictionPopup';
import { useBoardColours } from './useBoardColours';
import { useBoardGesture } from './useBoardGesture';
import { useElementSize } from './useElementSize';
import { useAnnotationNotice } from './useAnnotationNotice';
import { useMoveAnnouncement } from './useMoveAnnouncement';
import { usePlacement } from './usePlacement';
import './board.css';

export interface GameBoardProps {
  board: BoardState;
  mode: ScoringMechanism;
  groups: Group[]; // engine.groups(board, mode)
  annotations: { showText: boolean; showLines: boolean };
  currentPlayer: PlayerIndex;
  interactive: boolean; // false while the AI thinks or when the spec refuses clicks; toggling still works
  lastMove?: CellPosition | undefined; // ringed, and announced
  hint?: CellPosition | null | undefined; // a hint: the engine's suggestion, drawn as a ghost piece of the player to move
  names?: [string, string] | undefined; // the shown names, for the announcement
  onPlace(cell: CellPosition): void; // tap, Enter or Space on an empty cell
  onToggleAnnotations(): void; // tap, Enter or Space on an occupied cell
  predict(cell: CellPosition, player: PlayerIndex): Prediction | null; // null for occupied cells
  onPreview?(): void; // the hold-and-drag popup has shown a prediction (the lesson's last step)
  playable?(cell: CellPosition): boolean; // false for a free cell the rules refuse ("No mirroring"): no hover ghost there
  className?: string; // extra classes on the outer element, for the page's layout
}

/** The popup's content: where the pointer is and the prediction for the cell under it. */
interface Popup {
  point: Point;
  cellKey: string | null; // the cell the prediction is for, e.g. "3-4"; null when hidden
  board: BoardState; // the board it was computed on
  prediction: Prediction | null; // null over occupied cells and outside the grid: popup hidden
}

/** A first tap's ghost on a board of small cells, waiting for the confirming tap. */
interface Pending {
  cell: CellPosition;
  board: BoardState; // the board it was tapped on: any move, undo or new game drops it
  prediction: Prediction | null; // its predicted gain, shown beside it
}

export function GameBoard(props: GameBoardProps) {
  const { board, mode, groups, annotations, currentPlayer, interactive, lastMove, names, hint } = props;
  const { onPlace, predict, onPreview, playable, className } = props;
  const { gridWidth, gridHeight } = board;
  const containerRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const size = useElementSize(containerRef);
  const colours = useBoardColours(containerRef);
  const [ready, setReady] = useState(false);
  const [focusState, setFocus] = useState<CellPosition>(() => initialFocus(gridWidth, gridHeight));
  const focus = clampFocus(focusState, gridWidth, gridHeight);
  const [focusVisible, setFocusVisible] = useState(false);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [pendingState, setPending] = useState<Pending | null>(null);
  // A ghost lasts while its board is shown and the player may move: never placed on a changed board.
  const pending = pendingState && pendingState.board === board && interactive ? pendingState : null;
  const announcement = useMoveAnnouncement(board, lastMove, names);
  const placement = usePlacement(board);
  const coordinatesShown = useShowCoordinates();
  const notice = useAnnotationNotice();
  const onToggleAnnotations = () => {
    notice.toggled(annotations.showText || annotations.showLines);
    props.onToggleAnnotations();
  };

  const layout = useMemo(
    () => computeLayout(size.width, size.height, gridWidth, gridHeight),
    [size.width, size.height, gridWidth, gridHeight],
  );
  const segments = useMemo(() => (annotations.showLines ? overlaySegments(board, mode) : []), [annotations.showLines, board, mode]);
  const labels = useMemo(() => (annotations.showText ? groupLabels(groups) : []), [annotations.showText, groups]);
  const occupied = board.occupiedCells[0].size + board.occupiedCells[1].size;
  const onReady = useCallback(() => setReady(true), []);
  // The canvas redraws when a prop changes identity: cells are kept by their key, so a
  // pointer move within a cell (or a new lastMove object for the same cell) draws nothing.
  const lastKey = lastMove ? cellKeyOf(lastMove) : null;
  const hintKey = hint ? cellKeyOf(hint) : null;
  const pendingKey = pending ? cellKeyOf(pending.cell) : null;
  const confirming = confirmsTaps(layout.cellSize);
  // The hold-and-drag's ghost while dragging, else the one waiting for its confirming tap, else the hint's.
  const ghostKey = popup?.prediction ? popup.cellKey : (pendingKey ?? hintKey);
  const markedCells = useCellsByKey(lastKey, focusVisible ? cellKeyOf(focus) : null, ghostKey);
  const ghost = useMemo(() => (markedCells.ghost ? { cell: markedCells.ghost, player: currentPlayer } : null), [markedCells.ghost, currentPlayer]);
  // The mouse's free cell on the player's turn (hover.ts), kept by key: moving within a cell draws nothing.
  const [hoverState, setHover] = useState<{ key: string; board: BoardState } | null>(null);
  const hoverKey = hoverState && hoverState.board === board && interactive && !popup?.prediction ? hoverState.key : null;
  // A hint's or a first tap's ghost on the same cell already shows the piece.
  const hoverDrawn = hoverKey !== ghostKey ? hoverKey : null;
  const hoverTarget = useMemo(() => (hoverDrawn ? cellFromKey(hoverDrawn) : null), [hoverDrawn]);
  const hover = useMemo(() => (hoverTarget ? { cell: hoverTarget, player: currentPlayer } : null), [hoverTarget, currentPlayer]);

  /** A key press on a cell: place on an empty cell, toggle annotations on an occupied one. */
  const activate = (cell: CellPosition) => {
    setPending(null);
    if (ownerOf(board, cell) !== null) onToggleAnnotations();
    else if (interactive) onPlace(cell);
  };

  /** A tap: as a key press, except that small cells first show a ghost and place on a second tap. */
  const tap = (cell: CellPosition | null) => {
    const target: TapTarget = !cell
      ? { kind: 'outside' }
      : ownerOf(board, cell) !== null
        ? { kind: 'occupied', cell }
        : { kind: 'empty', cell, placeable: interactive };
    const step = stepTap(pending?.cell ?? null, target, confirming);
    const { effect } = step;
    if (effect.type === 'ghost') setPending({ cell: effect.cell, board, prediction: predict(effect.cell, currentPlayer) });
    else setPending(null);
    if (effect.type === 'place') onPlace(effect.cell);
    else if (effect.type === 'toggle') onToggleAnnotations();
  };

  const showPrediction = (point: Point) => {
    const cell = cellAt(layout, point);
    const cellKey = cell ? `${cell.gridX}-${cell.gridY}` : null;
    // Prediction runs the engine; reuse it while the pointer stays on one cell of one board.
    const reuse = popup !== null && popup.cellKey === cellKey && popup.board === board;
    const prediction = reuse
      ? popup.prediction
      : cell && ownerOf(board, cell) === null
        ? predict(cell, currentPlayer)
        : null;
    setPopup({ point, cellKey, board, prediction });
    if (prediction && !reuse) onPreview?.();
  };

  const gesture = useBoardGesture((effect: GestureEffect) => {
    notice.dismiss(); // the next touch of the board ends the notice
    if (effect.type === 'drag') showPrediction(effect.point);
    else if (effect.type === 'drag-end') setPopup(null);
    else if (effect.type === 'tap') {
      const cell = cellAt(layout, effect.point);
      if (cell) setFocus(cell); // keyboard play continues from the last tapped cell
      tap(cell);
    }
  });

  const trackHover = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const cell = cellAt(layout, { x: event.clientX - rect.left, y: event.clientY - rect.top });
    const dragging = popup?.prediction != null;
    const shown = hoverCell(cell, { board, interactive, pointerType: event.pointerType, dragging, playable });
    const key = shown ? cellKeyOf(shown) : null;
    if (key !== (hoverState?.board === board ? hoverState.key : null)) setHover(key ? { key, board } : null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isFocusKey(event.key)) {
      event.preventDefault(); // arrows would scroll the page
      setFocus(moveFocus(focus, event.key, gridWidth, gridHeight));
      setFocusVisible(true);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setFocusVisible(true);
      if (!event.repeat) activate(focus); // a held key must not place, then toggle, then …
    }
  };

  const popupId = `${id}-popup`;
  // The drag's popup follows the pointer; a ghost's sits over its cell and asks for the second tap.
  const shownPopup: { point: Point; prediction: Prediction | null; confirm: boolean } | null = popup?.prediction
    ? { point: popup.point, prediction: popup.prediction, confirm: false }
    : pending
      ? { point: cellCentre(layout, pending.cell), prediction: pending.prediction, confirm: true }
      : null;
  return (
    <div className={className ? `game-board-wrap ${className}` : 'game-board-wrap'}>
      <div
        ref={containerRef}
        className="game-board"
        data-testid="game-board"
        data-cell-size={layout.cellSize}
        data-origin-x={layout.originX}
        data-origin-y={layout.originY}
        data-occupied={occupied}
        data-focus={`${focus.gridX}-${focus.gridY}`}
        data-interactive={interactive}
        data-ready={ready}
        data-last-move={lastKey ?? undefined}
        data-ghost={ghostKey ?? undefined}
        data-hint={hintKey ?? undefined}
        data-pending={pendingKey ?? undefined}
        data-confirm-taps={confirming}
        data-hover={hoverKey ?? undefined}
        data-animating={placement !== null}
        role="grid"
        aria-label={`Board, ${gridWidth} by ${gridHeight}`}
        aria-activedescendant={cellElementId(id, focus)}
        aria-describedby={shownPopup ? popupId : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={(event) => setFocusVisible(event.currentTarget.matches(':focus-visible'))}
        onBlur={() => setFocusVisible(false)}
        onContextMenu={(event) => event.preventDefault()} // a long press must not open the menu
        {...gesture}
        onPointerMove={(event) => {
          gesture.onPointerMove(event);
          trackHover(event);
        }}
        onPointerLeave={() => setHover(null)}
      >
        <BoardCanvas
          width={size.width}
          height={size.height}
          layout={layout}
          board={board}
          colours={colours}
          lastMove={markedCells.lastMove}
          segments={segments}
          labels={labels}
          coordinates={coordinatesShown}
          focus={markedCells.focus}
          ghost={ghost}
          hover={hover}
          placement={placement}
          onReady={onReady}
        />
        <BoardCoordinates layout={layout} shown={coordinatesShown} />
        <BoardCells board={board} idPrefix={id} focus={focus} names={names} />
      </div>
      {shownPopup?.prediction && (
        <PredictionPopup id={popupId} point={shownPopup.point} prediction={shownPopup.prediction} confirm={shownPopup.confirm} />
      )}
      {/* One live region: the moves, for screen readers only, and the notice, shown over the board's top edge. */}
      <div role="status" className="game-board__status">
        <span className="game-board__sr-only">{announcement}</span>
        {notice.text && (
          <span className="game-board__notice" data-testid="annotation-notice">
            {notice.text}
          </span>
        )}
      </div>
    </div>
  );
}

const cellKeyOf = (cell: CellPosition) => `${cell.gridX}-${cell.gridY}`;

/** Cells rebuilt from their keys, so each object changes only when its cell does. */
function useCellsByKey(lastMove: string | null, focus: string | null, ghost: string | null) {
  const last = useMemo(() => (lastMove ? cellFromKey(lastMove) : null), [lastMove]);
  const ring = useMemo(() => (focus ? cellFromKey(focus) : null), [focus]);
  const target = useMemo(() => (ghost ? cellFromKey(ghost) : null), [ghost]);
  return { lastMove: last, focus: ring, ghost: target };
}

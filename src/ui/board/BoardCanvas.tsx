import { Application, extend, useApplication } from '@pixi/react';
import { Container, Graphics, Text } from 'pixi.js';
// Pixi's shader and uniform code without eval, so the page's Content-Security-Policy can forbid eval
// (server/src/http/security-headers.ts).
import 'pixi.js/unsafe-eval';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BoardState, CellKey, CellPosition, PlayerIndex } from '../../engine';
import type { BoardColours } from '../../board/colours';
import { drawCells, drawFocus, drawGhost, drawGrid, drawHover, drawLastMove, drawOverlay, drawPlacing, labelStyle } from '../../board/draw';
import { createFrameScheduler, type FrameClock, type FrameScheduler } from '../../board/frames';
import { groupLabelCentre } from '../../board/labelPlace';
import { placementProgress } from '../../board/motion';
import type { GroupLabel, OverlaySegment } from '../../board/overlay';
import type { BoardLayout } from '../../board/types';
import { boardRenderer } from './boardRenderer';
import type { Placement } from './usePlacement';

// Only what the board draws is registered, which keeps the Pixi bundle small.
extend({ Container, Graphics, Text });

/**
 * Every prop is compared by identity (the canvas is memoised): the parent keeps
 * them stable, so a pointer move that only moves the DOM popup draws nothing.
 */
export interface BoardCanvasProps {
  width: number; // CSS pixels: the container's size
  height: number;
  layout: BoardLayout;
  board: BoardState;
  colours: BoardColours;
  lastMove: CellPosition | null;
  segments: readonly OverlaySegment[]; // empty when lines are hidden
  labels: readonly GroupLabel[]; // empty when text is hidden
  coordinates?: boolean; // the edges carry coordinates: a value in an edge cell makes room for them
  focus: CellPosition | null; // null when the ring is hidden
  ghost: { cell: CellPosition; player: PlayerIndex } | null; // the hold-drag's target, null when not dragging
  hover?: { cell: CellPosition; player: PlayerIndex } | null; // the free cell under the mouse on the player's turn (desktop)
  placement: Placement | null; // cells growing in, null when none
  onReady(): void;
}

const browserClock: FrameClock = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/**
 * The Pixi canvas. WebGL on a GPU (WebGPU renders blank in headless Chromium); Canvas 2D when
 * WebGL would draw on the CPU (src/board/renderer.ts). The
 * ticker is off: commits ask for a frame, and frames run only while something
 * changed or a placed cell is still growing, so an idle board costs no CPU.
 * The canvas counts its frames in data-renders (the tests' render counter), names its renderer in
 * data-renderer and gives the last frame's size in CSS pixels in data-frame-size.
 */
export const BoardCanvas = memo(function BoardCanvas(props: BoardCanvasProps) {
  const { onReady } = props;
  // Re-rendering once initialised hands the scene the latest props: @pixi/react renders the
  // children it was given when init began, which may predate the board's measured size.
  const [, setInitialised] = useState(false);
  const handleInit = useCallback(() => {
    setInitialised(true);
    onReady();
  }, [onReady]);
  return (
    <Application
      className="game-board__canvas"
      // @pixi/react 8.0.5 typed its props from a Pixi without the canvas renderer; it passes the
      // preference on to Pixi 8.22's Application.init, which takes 'canvas'.
      preference={boardRenderer().preference as 'webgl'}
      backgroundAlpha={0}
      antialias={boardRenderer().antialias}
      autoDensity
      autoStart={false}
      resolution={typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1}
      onInit={handleInit}
    >
      <BoardScene {...props} />
    </Application>
  );
});

const cellKey = (cell: CellPosition): CellKey => `${cell.gridX}-${cell.gridY}`;

function BoardScene(props: BoardCanvasProps) {
  const { width, height, layout, board, colours, lastMove, segments, labels, focus, ghost, placement, hover = null, coordinates = false } = props;
  const { app } = useApplication();
  const placingLayer = useRef<Graphics>(null);
  const growing = useMemo(() => new Set(placement?.cells.map(({ cell }) => cellKey(cell))), [placement]);

  const drawCellLayer = useCallback(
    (g: Graphics) => {
      // Drawn apart from the batch from the first frame on: Pixi batches a Graphics of few vertices
      // and draws one of many (a dozen pieces) with a shader program of its own, whose first link
      // blocks the main thread for 50–150 ms. Linked as the board appears, not mid-game.
      g.context.batchMode = 'no-batch';
      drawCells(g, layout, board, colours, growing);
    },
    [layout, board, colours, growing],
  );
  const drawGridLayer = useCallback((g: Graphics) => drawGrid(g, layout, colours), [layout, colours]);
  const drawLines = useCallback((g: Graphics) => drawOverlay(g, layout, segments, colours), [layout, segments, colours]);
  const drawLastLayer = useCallback((g: Graphics) => drawLastMove(g, layout, lastMove, colours), [layout, lastMove, colours]);
  const drawGhostLayer = useCallback((g: Graphics) => drawGhost(g, layout, ghost, colours), [layout, ghost, colours]);
  const drawHoverLayer = useCallback((g: Graphics) => drawHover(g, layout, hover, colours), [layout, hover, colours]);
  const drawRing = useCallback((g: Graphics) => drawFocus(g, layout, focus, colours), [layout, focus, colours]);
  const style = useMemo(() => labelStyle(colours, layout.cellSize), [colours, layout.cellSize]);

  // What the next frame needs; frames run outside React, after the commit that asked for them.
  const latest = useRef({ width, height, layout, colours, placement });
  useEffect(() => {
    latest.current = { width, height, layout, colours, placement };
  });

  const scheduler = useRef<FrameScheduler | null>(null);
  useEffect(() => {
    let growth: { placement: Placement; startedAt: number } | null = null;
    const frame = (time: number, count: number) => {
      const renderer = app.renderer as typeof app.renderer | undefined;
      if (!renderer) return false;
      const next = latest.current;
      const w = Math.max(1, next.width);
      const h = Math.max(1, next.height);
      // Resizing clears the canvas, so it happens here, right before the frame that redraws it.
      if (app.screen.width !== w || app.screen.height !== h) renderer.resize(w, h);
      let growingOn = false;
      const g = placingLayer.current;
      if (g && next.placement) {
        // The growth starts at the first frame that shows it, however late the frame comes.
        if (growth?.placement !== next.placement) growth = { placement: next.placement, startedAt: time };
        const progress = placementProgress(time - growth.startedAt);
        drawPlacing(g, next.layout, next.placement.cells, next.colours, progress);
        growingOn = progress < 1;
      } else if (g && growth) {
        growth = null;
        g.clear();
      }
      app.render();
      app.canvas.dataset.renders = String(count);
      app.canvas.dataset.renderer = renderer.name; // 'webgl' or 'canvas': the tests check each draws
      app.canvas.dataset.frameSize = `${w}x${h}`; // the tests check the frame was drawn at the board's size
      return growingOn;
    };
    const frames = createFrameScheduler(frame, browserClock);
    scheduler.current = frames;
    frames.request();
    return () => {
      frames.dispose();
      scheduler.current = null;
    };
  }, [app]);

  // After every commit of this scene (it commits only when a prop changed): one frame, coalesced.
  useEffect(() => {
    scheduler.current?.request();
  });

  return (
    <pixiContainer>
      <pixiGraphics draw={drawCellLayer} />
      <pixiGraphics ref={placingLayer} draw={clearOnce} />
      <pixiGraphics draw={drawGridLayer} />
      <pixiGraphics draw={drawLines} />
      <pixiGraphics draw={drawLastLayer} />
      {labels.map((label) => {
        const centre = groupLabelCentre(layout, label.cell, label.text, Number(style.fontSize), coordinates);
        return <pixiText key={cellKey(label.cell)} text={label.text} anchor={0.5} x={centre.x} y={centre.y} style={style} />;
      })}
      <pixiGraphics draw={drawHoverLayer} />
      <pixiGraphics draw={drawGhostLayer} />
      <pixiGraphics draw={drawRing} />
    </pixiContainer>
  );
}

/** The placement layer is drawn frame by frame, not by React; it starts empty. */
function clearOnce(g: Graphics) {
  g.clear();
}

import { Application, extend, useApplication } from '@pixi/react';
import { Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';
import { useCallback, useEffect, useMemo } from 'react';
import type { BoardState, CellPosition } from '../../engine';
import type { BoardColours } from '../../board/colours';
import { drawBoard, drawFocus, drawOverlay } from '../../board/draw';
import { cellCentre } from '../../board/layout';
import type { GroupLabel, OverlaySegment } from '../../board/overlay';
import type { BoardLayout } from '../../board/types';

// Only what the board draws is registered, which keeps the Pixi bundle small.
extend({ Container, Graphics, Text });

export interface BoardCanvasProps {
  width: number; // CSS pixels: the container's size
  height: number;
  layout: BoardLayout;
  board: BoardState;
  colours: BoardColours;
  lastMove: CellPosition | undefined;
  segments: readonly OverlaySegment[]; // empty when lines are hidden
  labels: readonly GroupLabel[]; // empty when text is hidden
  focus: CellPosition | null; // null when the ring is hidden
  onReady(): void;
}

/**
 * The Pixi canvas. WebGL only: WebGPU renders blank in headless Chromium. The
 * ticker is off and each commit renders one frame, so an idle board costs no CPU.
 */
export function BoardCanvas(props: BoardCanvasProps) {
  const { onReady } = props;
  const handleInit = useCallback(() => onReady(), [onReady]);
  return (
    <Application
      className="game-board__canvas"
      preference="webgl"
      backgroundAlpha={0}
      antialias
      autoDensity
      autoStart={false}
      resolution={typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1}
      onInit={handleInit}
    >
      <BoardScene {...props} />
    </Application>
  );
}

function BoardScene({ width, height, layout, board, colours, lastMove, segments, labels, focus }: BoardCanvasProps) {
  const { app } = useApplication();

  const drawStatic = useCallback(
    (g: Graphics) => drawBoard(g, layout, board, colours, lastMove),
    [layout, board, colours, lastMove],
  );
  const drawLines = useCallback((g: Graphics) => drawOverlay(g, layout, segments, colours), [layout, segments, colours]);
  const drawRing = useCallback((g: Graphics) => drawFocus(g, layout, focus, colours), [layout, focus, colours]);
  const labelStyle = useMemo<TextStyleOptions>(
    () => ({
      fill: colours.mark,
      fontFamily: 'system-ui, sans-serif',
      fontWeight: 'bold',
      fontSize: Math.max(9, Math.round(layout.cellSize * 0.36)),
      stroke: { color: colours.markOutline, width: Math.max(2, layout.cellSize * 0.08), join: 'round' },
    }),
    [colours, layout.cellSize],
  );

  // Runs after every commit of this scene (its children included): resize, then draw one frame.
  useEffect(() => {
    const renderer = app.renderer as typeof app.renderer | undefined;
    if (!renderer) return;
    const w = Math.max(1, width);
    const h = Math.max(1, height);
    if (app.screen.width !== w || app.screen.height !== h) renderer.resize(w, h);
    app.render();
  });

  return (
    <pixiContainer>
      <pixiGraphics draw={drawStatic} />
      <pixiGraphics draw={drawLines} />
      {labels.map((label) => {
        const centre = cellCentre(layout, label.cell);
        return (
          <pixiText
            key={`${label.cell.gridX}-${label.cell.gridY}`}
            text={label.text}
            anchor={0.5}
            x={centre.x}
            y={centre.y}
            style={labelStyle}
          />
        );
      })}
      <pixiGraphics draw={drawRing} />
    </pixiContainer>
  );
}

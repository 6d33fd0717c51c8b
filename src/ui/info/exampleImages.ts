/**
 * The rules dialog's example boards, drawn by the game board's own Pixi drawing
 * (src/board/draw.ts) and turned into images: one short-lived WebGL renderer
 * draws all three and is destroyed, so an open dialog holds no GPU context.
 * Loaded on demand: the dialog is on every page, Pixi need not be.
 */
import { autoDetectRenderer, Container, Graphics, Rectangle, Text } from 'pixi.js';
// Pixi's shader and uniform code without eval, so the page's Content-Security-Policy can forbid eval
// (server/src/http/security-headers.ts).
import 'pixi.js/unsafe-eval';
import type { Group, ScoringMechanism } from '../../engine';
import type { BoardColours } from '../../board/colours';
import { drawCells, drawGrid, drawOverlay, labelStyle } from '../../board/draw';
import { cellCentre, cellFromKey, computeLayout } from '../../board/layout';
import { groupLabels, overlaySegments } from '../../board/overlay';
import type { BoardLayout } from '../../board/types';
import { exampleBoard } from '../exampleBoard';
import { EXAMPLE_GROUPS } from './exampleGroups';

export type ExampleImages = Record<ScoringMechanism, string>; // PNG data URLs

const MODES: readonly ScoringMechanism[] = ['connection', 'expansion', 'extension'];

/** The example's groups as the engine would give them for `mode`. */
function exampleGroups(mode: ScoringMechanism): Group[] {
  return EXAMPLE_GROUPS.map((group) => ({ player: group.player, value: group.values[mode], cells: group.cells.map(cellFromKey) }));
}

/** The example board for `mode` with its lines and values shown, layered as the game's canvas layers them. */
function exampleScene(mode: ScoringMechanism, layout: BoardLayout, colours: BoardColours): Container {
  const scene = new Container();
  const layer = (draw: (g: Graphics) => void) => {
    const g = new Graphics();
    draw(g);
    scene.addChild(g);
  };
  layer((g) => drawCells(g, layout, exampleBoard, colours));
  layer((g) => drawGrid(g, layout, colours));
  layer((g) => drawOverlay(g, layout, overlaySegments(exampleBoard, mode), colours));
  const style = labelStyle(colours, layout.cellSize);
  for (const label of groupLabels(exampleGroups(mode))) {
    const centre = cellCentre(layout, label.cell);
    const text = new Text({ text: label.text, style, anchor: 0.5 });
    text.position.set(centre.x, centre.y);
    scene.addChild(text);
  }
  return scene;
}

/** The three examples, `side` CSS pixels square at `resolution` device pixels per CSS pixel. */
export async function renderExampleImages(colours: BoardColours, side: number, resolution: number): Promise<ExampleImages> {
  const renderer = await autoDetectRenderer({ preference: 'webgl', width: side, height: side, backgroundAlpha: 0, antialias: true, resolution });
  try {
    const layout = computeLayout(side, side, exampleBoard.gridWidth, exampleBoard.gridHeight);
    const frame = new Rectangle(0, 0, side, side);
    const images: Partial<ExampleImages> = {};
    for (const mode of MODES) {
      const scene = exampleScene(mode, layout, colours);
      images[mode] = await renderer.extract.base64({ target: scene, frame, resolution, format: 'png' });
      scene.destroy({ children: true });
    }
    return images as ExampleImages;
  } finally {
    renderer.destroy();
  }
}

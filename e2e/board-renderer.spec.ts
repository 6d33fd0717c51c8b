/**
 * The board's two renderers (src/board/renderer.ts): a browser whose WebGL draws on the CPU, or
 * that has none, gets Pixi's Canvas 2D renderer; one with a GPU gets WebGL. This Chromium has no
 * GPU, so the WebGL journey makes the page's WebGL report a GPU's name (the drawing itself is
 * still real WebGL), and the other takes WebGL away. Each must draw the pieces where the players
 * put them, in their colours.
 */
import type { Page } from '@playwright/test';
import { board, cellCentre, clickCell, expectOccupied, startGame, type Cell } from './support/board';
import { expect, test } from './support/test';

/** WEBGL_debug_renderer_info's UNMASKED_RENDERER_WEBGL. */
const UNMASKED_RENDERER = 0x9246;

/** Makes every WebGL context name a desktop GPU as its renderer, before the page's scripts run. */
async function reportGpu(page: Page): Promise<void> {
  await page.addInitScript((unmaskedRenderer) => {
    for (const context of [WebGLRenderingContext, WebGL2RenderingContext]) {
      const getParameter = context.prototype.getParameter;
      context.prototype.getParameter = function (this: WebGLRenderingContext, name: number) {
        return name === unmaskedRenderer ? 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)' : getParameter.call(this, name);
      } as typeof getParameter;
    }
  }, UNMASKED_RENDERER);
}

/** Makes the page's canvases refuse WebGL, as a browser with WebGL turned off does. */
async function withoutWebGL(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext as (this: HTMLCanvasElement, type: string, options?: unknown) => RenderingContext | null;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, options?: unknown) {
      return /webgl/i.test(type) ? null : getContext.call(this, type, options);
    } as typeof HTMLCanvasElement.prototype.getContext;
  });
}

/** The colour on screen inside `cell`, off its centre (where the group's value is written). */
async function colourIn(page: Page, cell: Cell): Promise<{ r: number; g: number; b: number }> {
  const centre = await cellCentre(page, cell);
  const size = Number(await board(page).getAttribute('data-cell-size'));
  const png = await page.screenshot({ clip: { x: centre.x - size * 0.3, y: centre.y - size * 0.3, width: 1, height: 1 } });
  // Decoded by the page: no image library in the tests.
  const [r, g, b] = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const context = new OffscreenCanvas(1, 1).getContext('2d')!;
    context.drawImage(image, 0, 0);
    return [...context.getImageData(0, 0, 1, 1).data];
  }, png.toString('base64'));
  return { r: r!, g: g!, b: b! };
}

async function expectPiecesDrawn(page: Page): Promise<void> {
  await clickCell(page, { x: 1, y: 1 });
  await expectOccupied(page, 1, 5_000);
  await clickCell(page, { x: 4, y: 4 });
  await expectOccupied(page, 2, 5_000);
  // A third piece takes the last move's ring off the blue one.
  await clickCell(page, { x: 1, y: 4 });
  await expectOccupied(page, 3, 5_000);
  await expect(board(page)).toHaveAttribute('data-animating', 'false');

  const green = await colourIn(page, { x: 1, y: 1 });
  expect(green.g, `green piece ${JSON.stringify(green)}`).toBeGreaterThan(Math.max(green.r, green.b) + 40);
  const blue = await colourIn(page, { x: 4, y: 4 });
  expect(blue.b, `blue piece ${JSON.stringify(blue)}`).toBeGreaterThan(Math.max(blue.r, blue.g) + 40);
  const empty = await colourIn(page, { x: 3, y: 1 });
  expect(Math.max(empty.r, empty.g, empty.b) - Math.min(empty.r, empty.g, empty.b), `empty cell ${JSON.stringify(empty)}`).toBeLessThan(30);
}

test('without a GPU the board draws with Canvas 2D', async ({ page }) => {
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  await expect(board(page).locator('canvas')).toHaveAttribute('data-renderer', 'canvas');
  await expectPiecesDrawn(page);
});

test('with a GPU the board draws with WebGL', async ({ page }) => {
  await reportGpu(page);
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  await expect(board(page).locator('canvas')).toHaveAttribute('data-renderer', 'webgl');
  await expectPiecesDrawn(page);
});

test('without WebGL the board still draws, with Canvas 2D', async ({ page }) => {
  await withoutWebGL(page);
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  await expect(board(page).locator('canvas')).toHaveAttribute('data-renderer', 'canvas');
  await expectPiecesDrawn(page);
});

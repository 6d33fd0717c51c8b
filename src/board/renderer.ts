/**
 * Which Pixi renderer draws the board. A software WebGL (SwiftShader, Mesa's llvmpipe, Microsoft's
 * WARP: no GPU, or one the browser does not trust) shades every pixel on the CPU through Pixi's
 * batch shader, which tests one texture slot after another (32 in SwiftShader); the compositor then
 * reads each frame back. In Chromium without a GPU a 10×10 board's frame took 45–70 ms that way, so
 * every frame of a move was a long task (`npm run bench:web`). Canvas 2D fills the same rectangles
 * with plain CPU raster in a few milliseconds, so such browsers get Pixi's canvas renderer, as do
 * browsers with no WebGL at all (turned off, or refused); a GPU keeps WebGL, antialiased.
 */

/** Renderer names (WebGL's UNMASKED_RENDERER, or RENDERER) of software rasterisers. */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|microsoft basic render|warp/i;

export function isSoftwareRenderer(rendererName: string): boolean {
  return SOFTWARE.test(rendererName);
}

export interface BoardRenderer {
  preference: 'webgl' | 'canvas';
  antialias: boolean;
}

/** The board's renderer for a WebGL that reports `rendererName`; null: the browser has no WebGL. */
export function boardRendererFor(rendererName: string | null): BoardRenderer {
  if (rendererName === null || isSoftwareRenderer(rendererName)) return { preference: 'canvas', antialias: false };
  return { preference: 'webgl', antialias: true };
}

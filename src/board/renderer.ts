/**
 * What the board asks of the browser's WebGL. A software renderer (SwiftShader, Mesa's llvmpipe,
 * Microsoft's WARP: no GPU, or one the browser does not trust) draws every pixel on the CPU, and
 * multisampling multiplies that work: in Chromium without a GPU a 10×10 board's frame took over
 * 50 ms with it and well under without it (`npm run bench:web`). Such renderers get no antialiasing.
 */

/** Renderer names (WebGL's UNMASKED_RENDERER, or RENDERER) of software rasterisers. */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|microsoft basic render|warp/i;

export function isSoftwareRenderer(rendererName: string): boolean {
  return SOFTWARE.test(rendererName);
}

import { boardRendererFor, type BoardRenderer } from '../../board/renderer';

let cached: BoardRenderer | undefined;

/**
 * The board's renderer in this browser (src/board/renderer.ts), from the renderer name of a
 * throwaway WebGL context that is released at once; asked once.
 */
export function boardRenderer(): BoardRenderer {
  cached ??= boardRendererFor(webGLRendererName());
  return cached;
}

/** WebGL's renderer name (the masked one where the debug extension is refused); null: no WebGL. */
function webGLRendererName(): string | null {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return String(name);
  } catch {
    return null;
  }
}

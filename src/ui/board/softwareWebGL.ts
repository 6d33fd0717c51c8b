import { isSoftwareRenderer } from '../../board/renderer';

let cached: boolean | undefined;

/**
 * Whether this browser's WebGL draws on the CPU (src/board/renderer.ts), asked once of a
 * throwaway context that is released at once. False when WebGL cannot say.
 */
export function softwareWebGL(): boolean {
  if (cached !== undefined) return cached;
  cached = false;
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return cached;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    cached = isSoftwareRenderer(String(name));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    // No answer: keep antialiasing, as on a GPU.
  }
  return cached;
}

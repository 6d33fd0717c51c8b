import { describe, expect, it } from 'vitest';
import { boardRendererFor, isSoftwareRenderer } from './renderer';

describe('isSoftwareRenderer', () => {
  it('knows the CPU rasterisers by the names browsers report', () => {
    expect(isSoftwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)')).toBe(true);
  });

  it('leaves real GPUs alone', () => {
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
    expect(isSoftwareRenderer('Apple M2')).toBe(false);
    expect(isSoftwareRenderer('Mali-G78')).toBe(false);
    expect(isSoftwareRenderer('')).toBe(false);
  });
});

describe('boardRendererFor', () => {
  it('draws with Canvas 2D where WebGL would shade on the CPU, or where there is no WebGL', () => {
    expect(boardRendererFor('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toEqual({
      preference: 'canvas',
      antialias: false,
    });
    expect(boardRendererFor(null)).toEqual({ preference: 'canvas', antialias: false });
  });

  it('keeps antialiased WebGL on a GPU, and where WebGL hides its renderer behind a generic name', () => {
    expect(boardRendererFor('Apple M2')).toEqual({ preference: 'webgl', antialias: true });
    expect(boardRendererFor('WebKit WebGL')).toEqual({ preference: 'webgl', antialias: true });
  });
});

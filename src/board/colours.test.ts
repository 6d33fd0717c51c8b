import { describe, expect, it } from 'vitest';
import { isLightText, resolveColours, usableColour } from './colours';

describe('resolveColours', () => {
  it('uses the page variables when set', () => {
    const vars: Record<string, string> = { '--player-0': ' #11aa22', '--player-1': 'rgb(1, 2, 3)' };
    const colours = resolveColours((name) => vars[name], false);
    expect(colours.players).toEqual(['#11aa22', 'rgb(1, 2, 3)']);
  });

  it('falls back to green and blue, and to theme defaults', () => {
    const light = resolveColours(() => '', false);
    const dark = resolveColours(() => undefined, true);
    expect(light.players).toEqual(['#2e9e4f', '#2f7de1']);
    expect(dark.players).toEqual(['#2e9e4f', '#2f7de1']);
    expect(light.empty).not.toBe(dark.empty);
  });

  it('rejects colour syntax Pixi cannot parse', () => {
    expect(usableColour('oklch(0.6 0.1 140)', '#000')).toBe('#000');
    expect(usableColour('var(--x)', '#000')).toBe('#000');
    expect(usableColour('hsl(140 50% 40%)', '#000')).toBe('hsl(140 50% 40%)');
    expect(usableColour('teal', '#000')).toBe('teal');
  });
});

describe('isLightText', () => {
  it('tells light text (dark theme) from dark text', () => {
    expect(isLightText('rgb(240, 240, 240)')).toBe(true);
    expect(isLightText('rgb(20, 20, 20)')).toBe(false);
    expect(isLightText('')).toBe(false);
  });
});

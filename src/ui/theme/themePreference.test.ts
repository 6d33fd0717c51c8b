import { describe, expect, it } from 'vitest';
import { parseStoredTheme, resolveTheme, toggledTheme } from './themePreference';

describe('theme preference', () => {
  it('follows the system preference when the player has not chosen', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
  });

  it("lets the switch's choice override the system preference", () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('trusts only the exact stored values', () => {
    expect(parseStoredTheme('dark')).toBe('dark');
    expect(parseStoredTheme('light')).toBe('light');
    for (const raw of [null, undefined, '', 'Dark', '"dark"', ' light', 'system', 1, {}]) {
      expect(parseStoredTheme(raw)).toBeNull();
    }
  });

  it('flips between the two themes', () => {
    expect(toggledTheme('dark')).toBe('light');
    expect(toggledTheme('light')).toBe('dark');
  });
});

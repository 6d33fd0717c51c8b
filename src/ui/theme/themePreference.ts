/** Light or dark: the system's choice unless the player picked one with the theme switch. */
export type Theme = 'light' | 'dark';

/** Where the player's own choice is remembered on the device. */
export const THEME_STORAGE_KEY = 'cellconnection.theme';

/** The stored choice, or null for anything else (absent, edited by hand, from an older version). */
export function parseStoredTheme(raw: unknown): Theme | null {
  return raw === 'light' || raw === 'dark' ? raw : null;
}

/** The theme to show: the player's choice wins over the system preference. */
export function resolveTheme(stored: Theme | null, systemPrefersDark: boolean): Theme {
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}

/** What the switch stores when flipped from the theme now shown. */
export function toggledTheme(current: Theme): Theme {
  return current === 'dark' ? 'light' : 'dark';
}

/**
 * The board's colours, read from CSS custom properties so the page's light/dark
 * theme applies, with fallbacks when a property is missing or in a syntax Pixi
 * cannot parse (Pixi understands hex, rgb(), hsl() and colour names).
 */

export interface BoardColours {
  players: [string, string]; // green, blue (SPEC §3 Theme)
  empty: string; // the grid's empty cells
  line: string; // grid lines
  focus: string; // the keyboard focus ring
  mark: string; // overlay lines, label text and the last-move ring: drawn on player colours
  markOutline: string; // outline that keeps label text readable on both player colours
}

/** The CSS properties read, with their documented meaning. */
export const COLOUR_PROPERTIES = {
  player0: '--player-0',
  player1: '--player-1',
  empty: '--board-empty',
  line: '--board-line',
  focus: '--board-focus',
} as const;

const LIGHT = { empty: '#eef1f4', line: '#aab3be', focus: '#e8590c' };
const DARK = { empty: '#23272e', line: '#525b68', focus: '#ffa94d' };

const PARSEABLE = /^(#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgb|rgba|hsl|hsla)\([^)]*\)|[a-z]+)$/i;

/** `value` when Pixi can parse it, else `fallback`. */
export function usableColour(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim() ?? '';
  return PARSEABLE.test(trimmed) ? trimmed : fallback;
}

/**
 * Whether a computed text colour (`rgb(r, g, b)`) is light, which means the page
 * is in a dark theme. Works whichever way the page switches themes.
 */
export function isLightText(computedColour: string): boolean {
  const parts = computedColour.match(/[\d.]+/g)?.slice(0, 3).map(Number);
  if (!parts || parts.length < 3) return false;
  const [r = 0, g = 0, b = 0] = parts;
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255 > 0.5;
}

/** The colours from a property reader (e.g. over getComputedStyle) and the theme's darkness. */
export function resolveColours(read: (property: string) => string | undefined, dark: boolean): BoardColours {
  const base = dark ? DARK : LIGHT;
  return {
    players: [usableColour(read(COLOUR_PROPERTIES.player0), '#2e9e4f'), usableColour(read(COLOUR_PROPERTIES.player1), '#2f7de1')],
    empty: usableColour(read(COLOUR_PROPERTIES.empty), base.empty),
    line: usableColour(read(COLOUR_PROPERTIES.line), base.line),
    focus: usableColour(read(COLOUR_PROPERTIES.focus), base.focus),
    mark: '#ffffff',
    markOutline: '#10161d',
  };
}

/** Two colour sets are the same (so a theme check need not re-render). */
export function sameColours(a: BoardColours, b: BoardColours): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

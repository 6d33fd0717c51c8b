/** Display formatting shared by the leaderboard and the profile (pure, tested). */

export type Medal = 'gold' | 'silver' | 'bronze';

const MEDALS: readonly Medal[] = ['gold', 'silver', 'bronze'];
const ORDINALS = ['1st', '2nd', '3rd'] as const;

/** The top three's medals: 1 → gold, 2 → silver, 3 → bronze; null from 4 on. */
export function medalFor(rank: number): Medal | null {
  return MEDALS[rank - 1] ?? null;
}

/** A rank as words say it: '1st', '2nd', '3rd' for the medals (drawn, so read aloud), then '#4', '#5', … */
export function rankLabel(rank: number): string {
  return ORDINALS[rank - 1] ?? `#${rank}`;
}

/** Fixed to en-US so numbers read the same on every device: 1234567 → "1,234,567". */
const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatNumber(value: number): string {
  return thousands.format(value);
}

/** A percentage with at most one decimal: 66.666 → "66.7%", 50 → "50%". */
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatPercent(value: number): string {
  return `${percent.format(Number.isFinite(value) ? value : 0)}%`;
}

/** A rating change with its sign: 16 → "+16", -16 → "-16", 0 → "0". */
export function formatEloChange(change: number): string {
  if (change > 0) return `+${change}`;
  return String(change);
}

/** An ISO date as "Nov 22, 2026"; '' when it cannot be read. `timeZone` is for tests. */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (iso === '' || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(date);
}

const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type KnownDifficulty = (typeof DIFFICULTIES)[number];

export function knownDifficulty(value: string | null | undefined): KnownDifficulty | null {
  return DIFFICULTIES.find((d) => d === value) ?? null;
}

/** 'hard' → 'Hard'; missing or unknown → 'Unknown' (SPEC §2). */
export function difficultyLabel(value: string | null | undefined): string {
  const known = knownDifficulty(value);
  return known === null ? 'Unknown' : capitalise(known);
}

/** 'connection' → 'Connection'. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 8 or '8' → '8x8'. */
export function boardSizeLabel(size: number | string): string {
  return `${size}x${size}`;
}

/** The page's text for a failed load: 'Error: ' and the message, or the fallback. */
export function errorText(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return `Error: ${message || fallback}`;
}

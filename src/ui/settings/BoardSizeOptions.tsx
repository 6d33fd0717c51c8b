import { LARGE_BOARD_SIZES } from '../../game/types';
import { boardSizeLabel } from '../leaderboard/format';

/** The heading of the sizes beyond the spec's 6, 8 and 10 in every size menu. */
export const LARGE_BOARDS_LABEL = 'Large boards';

/** Whether a size is one of the large boards (12, 14, 16), not one of the spec's (SPEC §5). */
export function isLargeBoard(size: number | string): boolean {
  return (LARGE_BOARD_SIZES as readonly string[]).includes(String(size));
}

/**
 * A size menu's options: the spec's sizes first, then the large boards under their own
 * "Large boards" heading, so every menu offers them in one order. Each option's value is the
 * size as text ('12'); the menu reads it back with its own parser.
 */
export function BoardSizeOptions({ sizes }: { sizes: readonly (number | string)[] }) {
  const option = (size: number | string) => (
    <option key={size} value={String(size)}>
      {boardSizeLabel(size)}
    </option>
  );
  const large = sizes.filter(isLargeBoard);
  return (
    <>
      {sizes.filter((size) => !isLargeBoard(size)).map(option)}
      {large.length > 0 && <optgroup label={LARGE_BOARDS_LABEL}>{large.map(option)}</optgroup>}
    </>
  );
}

/** The size a menu's value names, among those it offered; null for anything else (never cast). */
export function offeredSize<S extends number | string>(sizes: readonly S[], value: string): S | null {
  return sizes.find((size) => String(size) === value) ?? null;
}

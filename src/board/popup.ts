/**
 * Where the prediction popup goes: above the pointer so a finger does not hide
 * it, below when there is no room above, and slid sideways to stay inside the
 * board (on a phone the board is the screen's width, so inside the board is on
 * screen).
 */
import type { Point } from './types';

/** Gap between the pointer and the popup's near edge. */
export const POPUP_OFFSET = 28;
/** Space kept between the popup and the board's sides. */
export const POPUP_MARGIN = 4;

export interface Size {
  width: number;
  height: number;
}

/** The popup's top-left corner for a pointer at `point`, all in the board's CSS pixels. */
export function popupPosition(point: Point, popup: Size, board: Size): Point {
  const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));
  // Wider than the board (it never is: CSS caps its width) it would start at the left margin.
  const x = clamp(point.x - popup.width / 2, POPUP_MARGIN, board.width - popup.width - POPUP_MARGIN);
  const above = point.y - POPUP_OFFSET - popup.height;
  const below = point.y + POPUP_OFFSET;
  const overflowAbove = Math.max(0, POPUP_MARGIN - above);
  const overflowBelow = Math.max(0, below + popup.height - (board.height - POPUP_MARGIN));
  // Above when it fits; else below when that fits; on a tiny board, whichever spills less.
  const y = overflowAbove === 0 || overflowAbove <= overflowBelow ? above : below;
  return { x, y };
}

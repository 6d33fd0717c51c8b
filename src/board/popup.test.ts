import { describe, expect, it } from 'vitest';
import { POPUP_MARGIN, POPUP_OFFSET, popupPosition } from './popup';

const popup = { width: 200, height: 120 };
const phoneBoard = { width: 370, height: 370 };

describe('popupPosition: the prediction popup stays on the board', () => {
  it('centred above the pointer when there is room', () => {
    expect(popupPosition({ x: 185, y: 300 }, popup, phoneBoard)).toEqual({ x: 85, y: 300 - POPUP_OFFSET - 120 });
  });

  it('below the pointer near the top, so the finger does not hide it and it stays on screen', () => {
    const at = popupPosition({ x: 185, y: 40 }, popup, phoneBoard);
    expect(at.y).toBe(40 + POPUP_OFFSET);
    expect(at.y + popup.height).toBeLessThanOrEqual(phoneBoard.height);
  });

  it('slid inwards at the left and right edges', () => {
    expect(popupPosition({ x: 10, y: 300 }, popup, phoneBoard).x).toBe(POPUP_MARGIN);
    expect(popupPosition({ x: 365, y: 300 }, popup, phoneBoard).x).toBe(370 - 200 - POPUP_MARGIN);
  });

  it('on a board too small for it either way: the side that spills less, starting at the left margin', () => {
    const tiny = { width: 150, height: 200 };
    const at = popupPosition({ x: 75, y: 90 }, popup, tiny);
    expect(at.x).toBe(POPUP_MARGIN);
    expect(at.y).toBe(90 + POPUP_OFFSET); // above spills 62 px, below 42 px
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BOARD_SIZES } from '../../game/types';
import { ROOM_BOARD_SIZES } from '../../protocol/messages';
import { BoardSizeOptions, isLargeBoard, offeredSize } from './BoardSizeOptions';
import { SelectField } from './SelectField';

describe('the board size menus', () => {
  it("offer the spec's 6, 8 and 10 first, then 12, 14 and 16 under Large boards", () => {
    const html = renderToStaticMarkup(
      <select>
        <BoardSizeOptions sizes={ROOM_BOARD_SIZES} />
      </select>,
    );
    expect(html).toBe(
      '<select><option value="6">6x6</option><option value="8">8x8</option><option value="10">10x10</option>' +
        '<optgroup label="Large boards"><option value="12">12x12</option><option value="14">14x14</option><option value="16">16x16</option></optgroup></select>',
    );
  });

  it('offer no Large boards heading where no large size is offered', () => {
    expect(renderToStaticMarkup(<BoardSizeOptions sizes={[6, 8, 10]} />)).not.toContain('optgroup');
  });

  it("group the settings panel's options the same way", () => {
    const options = BOARD_SIZES.map((size) => ({ value: size, label: `${size}x${size}`, ...(isLargeBoard(size) ? { group: 'Large boards' } : {}) }));
    const html = renderToStaticMarkup(<SelectField label="Board Size" value="16" options={options} onChange={() => {}} />);
    expect(html).toMatch(/<option value="10">10x10<\/option><optgroup label="Large boards"><option value="12">12x12<\/option>.*<option value="16" selected="">16x16<\/option><\/optgroup>/);
  });

  it('read back only a size the menu offered', () => {
    expect(offeredSize(ROOM_BOARD_SIZES, '16')).toBe(16);
    expect(offeredSize(BOARD_SIZES, '14')).toBe('14');
    expect(offeredSize(ROOM_BOARD_SIZES, '7')).toBeNull();
    expect(offeredSize(ROOM_BOARD_SIZES, '')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { coordinateLabels } from './coordinates';
import { labelStyle } from './draw';
import { groupLabelCentre } from './labelPlace';
import { cellCentre, computeLayout } from './layout';

const colours = { mark: '#fff', markOutline: '#000' } as Parameters<typeof labelStyle>[0];
const fontOf = (cellSize: number) => Number(labelStyle(colours, cellSize).fontSize);

describe("a group's value beside the coordinates", () => {
  // A phone's 16×16 board: cells of about 22 px.
  const phone = computeLayout(358, 358, 16, 16);

  it('moves off the row number in a16 and the letter in p1, staying inside its cell', () => {
    const font = fontOf(phone.cellSize);
    for (const cell of [{ gridX: 0, gridY: 0 }, { gridX: 15, gridY: 15 }, { gridX: 0, gridY: 15 }, { gridX: 0, gridY: 8 }]) {
      const centre = cellCentre(phone, cell);
      const placed = groupLabelCentre(phone, cell, '12', font, true);
      expect(placed, `cell ${cell.gridX},${cell.gridY}`).not.toEqual(centre);
      expect(Math.abs(placed.x - centre.x)).toBeLessThan(phone.cellSize / 2);
      expect(Math.abs(placed.y - centre.y)).toBeLessThan(phone.cellSize / 2);
    }
  });

  it('moves away from the coordinate, not towards it: down or right of a row number, up or left of a letter', () => {
    const font = fontOf(phone.cellSize);
    const a16 = { gridX: 0, gridY: 0 };
    const p1 = { gridX: 15, gridY: 15 };
    const fromRow = groupLabelCentre(phone, a16, '2', font, true);
    const fromLetter = groupLabelCentre(phone, p1, '2', font, true);
    expect(fromRow.x >= cellCentre(phone, a16).x && fromRow.y >= cellCentre(phone, a16).y).toBe(true);
    expect(fromLetter.x <= cellCentre(phone, p1).x && fromLetter.y <= cellCentre(phone, p1).y).toBe(true);
    // The labels the board draws are in those very cells.
    const texts = coordinateLabels(phone).map((label) => label.text);
    expect(texts).toContain('16');
    expect(texts).toContain('p');
  });

  it('stays at the centre away from the edges, with coordinates hidden, and where a big cell has room', () => {
    const font = fontOf(phone.cellSize);
    const inside = { gridX: 5, gridY: 5 };
    expect(groupLabelCentre(phone, inside, '12', font, true)).toEqual(cellCentre(phone, inside));
    expect(groupLabelCentre(phone, { gridX: 0, gridY: 0 }, '12', font, false)).toEqual(cellCentre(phone, { gridX: 0, gridY: 0 }));
    const desktop = computeLayout(600, 600, 6, 6);
    const a1 = { gridX: 0, gridY: 5 };
    expect(groupLabelCentre(desktop, a1, '4', fontOf(desktop.cellSize), true)).toEqual(cellCentre(desktop, a1));
  });
});

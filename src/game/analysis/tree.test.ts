/**
 * The analysis board's variations as a player uses them: trying moves, taking them back, trying
 * another move from an earlier position (a new branch beside the old line, which stays), jumping
 * to any move in the list, and a branch made the main line or deleted.
 */
import { describe, expect, it } from 'vitest';
import type { CellPosition } from '../../engine';
import { cellName } from '../notation';
import { back, currentLine, deleteBranch, forward, goToPly, jump, makeMainLine, moveLines, movesTo, playMove, plyOf, treeOfLine, type MoveItem } from './tree';

const cell = (name: string): CellPosition => ({ gridX: name.charCodeAt(0) - 97, gridY: 6 - Number(name.slice(1)) });
const names = (moves: readonly CellPosition[]) => moves.map((move) => cellName(move, 6)).join(' ');
/** The move list as PGN writes it: "c3 d4 (b2 e5) c4". */
const written = (items: readonly MoveItem[]): string =>
  items.map((item) => [cellName(item.cell, 6), ...item.variations.map((line) => `(${written(line)})`)].join(' ')).join(' ');

const game = ['c3', 'd4', 'c4', 'd3'].map(cell);

describe('the variations tree', () => {
  it('opens on a game at the chosen move, the game its main line', () => {
    const tree = treeOfLine(game, 2);
    expect(plyOf(tree)).toBe(2);
    expect(names(movesTo(tree))).toBe('c3 d4');
    expect(names(currentLine(tree))).toBe('c3 d4 c4 d3');
    expect(written(moveLines(tree))).toBe('c3 d4 c4 d3');
  });

  it('plays two moves, takes one back, and goes forward along them again', () => {
    let tree = treeOfLine([], 0);
    tree = playMove(playMove(tree, cell('a1')), cell('b2'));
    expect(names(movesTo(tree))).toBe('a1 b2');
    tree = back(tree);
    expect(names(movesTo(tree))).toBe('a1');
    tree = forward(tree);
    expect(names(movesTo(tree))).toBe('a1 b2');
    expect(forward(tree)).toEqual(tree); // the last position stays
    expect(back(back(back(tree))).cursor).toBe(0); // the empty board stays
  });

  it('keeps the old line when another move is played from an earlier position, as a branch after it', () => {
    let tree = treeOfLine(game, 1); // after c3
    tree = playMove(tree, cell('e5'));
    tree = playMove(tree, cell('b2'));
    expect(names(movesTo(tree))).toBe('c3 e5 b2');
    expect(written(moveLines(tree))).toBe('c3 d4 (e5 b2) c4 d3');
    // Playing the main line's move again follows it instead of adding a copy.
    const again = playMove(treeOfLine(game, 1), cell('d4'));
    expect(again.nodes).toHaveLength(treeOfLine(game).nodes.length);
    expect(written(moveLines(playMove(tree, cell('f6'))))).toBe('c3 d4 (e5 b2 f6) c4 d3');
  });

  it('numbers each move by its place in the game and jumps to any move in the list', () => {
    const tree = playMove(treeOfLine(game, 1), cell('e5'));
    const [first, second] = moveLines(tree);
    expect(first!.ply).toBe(1);
    const branch = second!.variations[0]![0]!;
    expect(branch.ply).toBe(2);
    expect(names(movesTo(jump(tree, second!.id)))).toBe('c3 d4');
    expect(names(movesTo(jump(tree, branch.id)))).toBe('c3 e5');
    expect(jump(tree, 999)).toEqual(tree); // no such move: nothing changes
  });

  it('makes a branch the main line, and deletes one with the cursor moved out of it', () => {
    let tree = playMove(playMove(treeOfLine(game, 1), cell('e5')), cell('b2'));
    const promoted = makeMainLine(tree, tree.cursor);
    expect(written(moveLines(promoted))).toBe('c3 e5 (d4 c4 d3) b2');
    const e5Node = moveLines(tree)[1]!.variations[0]![0]!.id;
    tree = deleteBranch(tree, e5Node);
    expect(written(moveLines(tree))).toBe('c3 d4 c4 d3');
    expect(names(movesTo(tree))).toBe('c3');
    expect(jump(tree, e5Node)).toEqual(tree); // a deleted move cannot be jumped to
  });

  it('goes to a ply of the shown line, clamped to it', () => {
    const tree = treeOfLine(game, 0);
    expect(plyOf(goToPly(tree, 3))).toBe(3);
    expect(plyOf(goToPly(tree, 40))).toBe(4);
  });
});

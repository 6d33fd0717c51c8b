/**
 * The analysis board's link: a line and its position written into the link and read back from
 * it by the real engine; a bad or tampered link says what is wrong with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine';
import { loadEngine } from '../../engine/load';
import { MIRRORING_REFUSED } from '../mirrorRule';
import { formatRecord, parseRecord, type GameRecord } from '../record';
import { analysisPath, linkOfLine, openAnalysisLink } from './link';
import { positionAfter } from './position';
import { currentLine, movesTo, playMove, treeOfLine } from './tree';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const GAME = 'CC1 6x6 connection: c3 d4 c4 d3 b3 *';
const record = (text: string): GameRecord => {
  const parsed = parseRecord(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.record;
};
const searchOf = (path: string) => path.slice(path.indexOf('?'));

describe('the analysis link', () => {
  it('opens a game at the position it names', () => {
    const path = analysisPath(GAME, 2);
    expect(path).toBe('/analysis?ply=2&game=CC1_6x6_connection:_c3_d4_c4_d3_b3_*');
    const opened = openAnalysisLink(searchOf(path), engine);
    expect(opened.ok && opened.start.ply).toBe(2);
    expect(opened.ok && formatRecord(opened.start.record)).toBe(GAME);
    // Without a ply the board opens on the last position.
    const end = openAnalysisLink(searchOf(analysisPath(GAME)), engine);
    expect(end.ok && end.start.ply).toBe(5);
  });

  it('round-trips a branch tried on the board: the same moves and the same position', () => {
    const game = record(GAME);
    let tree = treeOfLine(game.moves, 2);
    tree = playMove(playMove(tree, { gridX: 0, gridY: 0 }), { gridX: 5, gridY: 5 }); // a6 f1
    tree = { ...tree, cursor: tree.nodes[tree.cursor]!.parent! }; // back to a6
    const line = currentLine(tree);
    const final = positionAfter(game, line, engine);
    if (!final.ok) throw new Error(final.error);
    const path = linkOfLine(game, line, final.position.scores, movesTo(tree).length);
    expect(path).toBe('/analysis?ply=3&game=CC1_6x6_connection:_c3_d4_a6_f1_*');
    const opened = openAnalysisLink(searchOf(path), engine);
    if (!opened.ok) throw new Error(opened.error);
    const reopened = treeOfLine(opened.start.record.moves, opened.start.ply);
    expect(movesTo(reopened)).toEqual(movesTo(tree));
    expect(currentLine(reopened)).toEqual(line);
  });

  it('keeps the game under No mirroring through the link', () => {
    const opened = openAnalysisLink(searchOf(analysisPath('CC1 4x4 connection nomirror: a1 *', 1)), engine);
    if (!opened.ok) throw new Error(opened.error);
    expect(opened.start.record.mirrorRule).toBe(true);
    // d4 would copy a1 by the half turn: refused on the analysis board as in the game.
    const copy = positionAfter(opened.start.record, [...opened.start.record.moves, { gridX: 3, gridY: 0 }], engine);
    expect(copy).toEqual({ ok: false, error: `Move 2, d4: ${MIRRORING_REFUSED}` });
  });

  it.each([
    ['', 'The link names no game: an analysis link reads like /analysis?ply=2&game=CC1_6x6_connection:_c3_d4_*.'],
    ['?ply=2', 'The link names no game: an analysis link reads like /analysis?ply=2&game=CC1_6x6_connection:_c3_d4_*.'],
    ['?game=CC1_6x6_connection:_c3_%E0%A4%A_*', 'The link is damaged: its game record has a broken %-escape.'],
    ['?game=CC1_6x6_connection:_c3_z9_*', 'Move 2, "z9", is not a cell of a 6x6 board (a1 to f6).'],
    ['?ply=9&game=CC1_6x6_connection:_c3_d4_*', 'The link\'s position "9" is not a position of this game: it has 2 moves, so 0 to 2.'],
    ['?ply=-1&game=CC1_6x6_connection:_c3_d4_*', 'The link\'s position "-1" is not a position of this game: it has 2 moves, so 0 to 2.'],
    ['?ply=two&game=CC1_6x6_connection:_c3_d4_*', 'The link\'s position "two" is not a position of this game: it has 2 moves, so 0 to 2.'],
    ['?game=CC1_4x4_connection_nomirror:_a1_d4_*', 'Move 2, d4, breaks No mirroring: it copies the other player\'s cells by a turn or flip of the board.'],
  ])('refuses the link %s with a sentence', (search, error) => {
    expect(openAnalysisLink(search, engine)).toEqual({ ok: false, error });
  });
});

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCORING_MECHANISMS, type AiLevel, type Engine } from '../engine';
import { loadEngine } from '../engine/load';
import { createGame, freeCells, placeCell, setProgress } from './game';
import { formatRecord, parseRecord, recordFromFragment, recordFragment, replayPath, type GameRecord } from './record';
import { recordOfGame, replayRecord } from './replay';
import { DEFAULT_SETTINGS } from './settings';
import { BOARD_SIZES, type GameState, type Settings } from './types';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/** A whole game played by the engine on one device: two levels taking turns until the board is full. */
function playedGame(settings: Settings, levels: [AiLevel, AiLevel], seed: number): GameState {
  let game = setProgress(createGame(settings, 1), 'playing');
  while (freeCells(game) > 0) {
    const level = levels[game.currentPlayer];
    const move = engine.chooseMove({ board: game.boardState, player: game.currentPlayer, level, mode: game.scoringMechanism, seed: seed + game.history.length });
    if (!move) throw new Error('the engine found no move on a board with free cells');
    const placed = placeCell(game, move.cell, engine);
    if (!placed.ok) throw new Error(`the engine's move was refused: ${placed.reason}`);
    game = placed.state;
  }
  return game;
}

const parsed = (text: string): GameRecord => {
  const result = parseRecord(text);
  if (!result.ok) throw new Error(result.error);
  return result.record;
};
const errorOf = (text: string): string => {
  const result = parseRecord(text);
  if (result.ok) throw new Error(`"${text}" was accepted`);
  return result.error;
};

describe('a game record', () => {
  it('reads as a game record should: CC1, the size, the mode, the moves as cell names, the result', () => {
    const record: GameRecord = {
      width: 6,
      height: 6,
      mode: 'connection',
      firstPlayer: 0,
      moves: [
        { gridX: 2, gridY: 3 },
        { gridX: 3, gridY: 2 },
      ],
      result: '*',
    };
    expect(formatRecord(record)).toBe('CC1 6x6 connection: c3 d4 *');
    expect(formatRecord({ ...record, firstPlayer: 1 })).toBe('CC1 6x6 connection p2-first: c3 d4 *');
  });

  for (const mode of SCORING_MECHANISMS) {
    for (const boardSize of BOARD_SIZES) {
      it(`round-trips a real ${boardSize}x${boardSize} ${mode} game: the replay ends on the same board and scores`, () => {
        const aiFirst = boardSize === '8'; // the computer moving first: Player 2 makes the first move
        const settings: Settings = { ...DEFAULT_SETTINGS, scoringMechanism: mode, boardSize, firstPlayer: aiFirst ? 'ai' : 'human' };
        const game = playedGame(settings, ['easy', 'medium'], Number(boardSize) * 7 + mode.length);
        const text = formatRecord(recordOfGame(game));
        expect(text.startsWith(`CC1 ${boardSize}x${boardSize} ${mode}${aiFirst ? ' p2-first' : ''}: `)).toBe(true);

        const record = parsed(text);
        expect(formatRecord(record)).toBe(text);
        const replay = replayRecord(record, engine);
        if (!replay.ok) throw new Error(replay.error);
        const final = replay.steps.at(-1)!;
        expect(final.board.occupiedCells.map((cells) => [...cells].sort())).toEqual(game.boardState.occupiedCells.map((cells) => [...cells].sort()));
        expect(final.scores).toEqual(game.scores);
        // Every step's scores are the game's own, move by move.
        expect(replay.steps.slice(1).map((step) => step.scores[0])).toEqual(game.scoreHistory1);
        expect(replay.steps.slice(1).map((step) => step.scores[1])).toEqual(game.scoreHistory2);
      });
    }
  }

  it('round-trips any moves on any board the engine plays, through text and through a link', () => {
    const arbitrary = fc
      .record({ width: fc.integer({ min: 2, max: 16 }), height: fc.integer({ min: 2, max: 16 }) })
      .chain(({ width, height }) =>
        fc.record({
          width: fc.constant(width),
          height: fc.constant(height),
          mode: fc.constantFrom(...SCORING_MECHANISMS),
          firstPlayer: fc.constantFrom(0 as const, 1 as const),
          moves: fc.uniqueArray(fc.record({ gridX: fc.integer({ min: 0, max: width - 1 }), gridY: fc.integer({ min: 0, max: height - 1 }) }), {
            selector: (cell) => `${cell.gridX}-${cell.gridY}`,
            maxLength: width * height,
          }),
          result: fc.constantFrom('1-0' as const, '0-1' as const, '1/2-1/2' as const, '*' as const),
        }),
      );
    fc.assert(
      fc.property(arbitrary, (record) => {
        const text = formatRecord(record);
        expect(parsed(text)).toEqual(record);
        const link = replayPath(text);
        expect(link).toMatch(/^\/replay#[A-Za-z0-9_:/*.-]+$/); // nothing a chat app would break
        const back = recordFromFragment(link.slice('/replay'.length));
        expect(back).toEqual({ ok: true, text });
      }),
      { numRuns: 200 },
    );
  });

  it('says nomirror after the mode (and after p2-first) for a game under No mirroring, and reads it in either order', () => {
    const record: GameRecord = { width: 6, height: 6, mode: 'connection', firstPlayer: 0, moves: [{ gridX: 2, gridY: 1 }], result: '*', mirrorRule: true };
    expect(formatRecord(record)).toBe('CC1 6x6 connection nomirror: c5 *');
    expect(formatRecord({ ...record, firstPlayer: 1 })).toBe('CC1 6x6 connection p2-first nomirror: c5 *');
    expect(parsed('CC1 6x6 connection nomirror p2-first: c5 *')).toEqual({ ...record, firstPlayer: 1 });
    expect(parsed('CC1 6x6 Connection NoMirror: c5 *')).toEqual(record);
    expect(parsed('CC1 6x6 connection p2-first: c5 *')).not.toHaveProperty('mirrorRule');
    const link = replayPath(formatRecord(record));
    expect(recordFromFragment(link.slice('/replay'.length))).toEqual({ ok: true, text: 'CC1 6x6 connection nomirror: c5 *' });
  });

  it('round-trips a real game played under No mirroring, which replays under the rule', () => {
    const settings: Settings = { ...DEFAULT_SETTINGS, playerMode: 'user', mirrorRule: true };
    let game = setProgress(createGame(settings, 1), 'playing');
    while (freeCells(game) > 0) {
      const move = engine.chooseMove({ board: game.boardState, player: game.currentPlayer, level: 'medium', mode: 'connection', seed: game.history.length, mirrorRule: true });
      const placed = placeCell(game, move!.cell, engine);
      if (!placed.ok) throw new Error(`the engine's move was refused: ${placed.reason}`);
      game = placed.state;
    }
    const text = formatRecord(recordOfGame(game));
    expect(text.startsWith('CC1 6x6 connection nomirror: ')).toBe(true);
    const replay = replayRecord(parsed(text), engine);
    if (!replay.ok) throw new Error(replay.error);
    expect(replay.steps.at(-1)!.scores).toEqual(game.scores);
  });

  it('is read with extra spaces, new lines and capitals', () => {
    expect(parsed('  cc1   6x6  Connection:\n C3  d4\t1-0 ')).toEqual(parsed('CC1 6x6 connection: c3 d4 1-0'));
  });
});

describe('a bad record says what is wrong', () => {
  const cases: [string, string][] = [
    ['', 'The game record is empty.'],
    ['   ', 'The game record is empty.'],
    [`CC1 6x6 connection: ${'a1 '.repeat(700)}*`, 'The game record is too long (2121 characters; a game takes at most 2000).'],
    ['CC1 6x6 connection c3 d4 1-0', 'The colon after the header is missing: a record reads like "CC1 6x6 connection: c3 d4 1-0".'],
    ['PGN 6x6 connection: c3 1-0', 'A game record starts with CC1, not "PGN".'],
    [': c3 1-0', 'A game record starts with CC1, not "".'],
    ['CC1: c3 1-0', 'The board size is missing after CC1, e.g. CC1 6x6 connection: …'],
    ['CC1 6by6 connection: c3 1-0', 'The board size "6by6" is not WIDTHxHEIGHT, e.g. 6x6.'],
    ['CC1 20x20 connection: c3 1-0', 'The board size 20x20 is not playable: each side is 2 to 16 cells.'],
    ['CC1 1x6 connection: a1 1-0', 'The board size 1x6 is not playable: each side is 2 to 16 cells.'],
    ['CC1 6x6: c3 1-0', 'The scoring mode is missing after the board size, e.g. CC1 6x6 connection: …'],
    ['CC1 6x6 territory: c3 1-0', 'Unknown scoring mode "territory": it is connection, expansion or extension.'],
    ['CC1 6x6 connection rated: c3 1-0', 'Unknown word "rated" before the colon: only p2-first and nomirror may follow the scoring mode.'],
    ['CC1 6x6 connection nomirror nomirror: c3 1-0', 'The word nomirror is written twice before the colon: once says it.'],
    ['CC1 6x6 nomirror connection: c3 1-0', 'Unknown scoring mode "nomirror": it is connection, expansion or extension.'],
    ['CC1 6x6 connection:', 'Nothing follows the colon: the moves and the result (1-0, 0-1, 1/2-1/2 or *) are missing.'],
    ['CC1 6x6 connection: c3 d4', 'The result is missing after the last move: 1-0, 0-1, 1/2-1/2 or *.'],
    ['CC1 6x6 connection: c3 d4 2-0', 'The record ends with "2-0" instead of a result: 1-0, 0-1, 1/2-1/2 or *.'],
    ['CC1 6x6 connection: c3 g1 *', 'Move 2, "g1", is not a cell of a 6x6 board (a1 to f6).'],
    ['CC1 6x6 connection: c3 a7 *', 'Move 2, "a7", is not a cell of a 6x6 board (a1 to f6).'],
    ['CC1 6x6 connection: c3 a0 *', 'Move 2, "a0", is not a cell of a 6x6 board (a1 to f6).'],
    ['CC1 6x6 connection: c3 1-0 d4 *', 'Move 2, "1-0", is not a cell of a 6x6 board (a1 to f6).'],
    ['CC1 6x6 connection: c3 d4 C3 *', 'Move 3, c3, is on a cell already taken by move 1.'],
  ];
  for (const [text, error] of cases) {
    it(`${JSON.stringify(text.length > 60 ? `${text.slice(0, 40)}…` : text)}: ${error}`, () => {
      expect(errorOf(text)).toBe(error);
    });
  }

  it('a full board whose result is not its scores is refused by the replay', () => {
    // 2x2: Player 1 takes a1 and b2 (two groups of 1), Player 2 b1 and a2: a draw.
    const record = parsed('CC1 2x2 connection: a1 b1 b2 a2 1-0');
    const replay = replayRecord(record, engine);
    expect(replay.ok).toBe(false);
    if (!replay.ok) expect(replay.error).toMatch(/^The record says 1-0, but its full board scores \d+ to \d+: (0-1|1\/2-1\/2)\.$/);
  });

  it('a nomirror record whose second move copies the first says so; without nomirror it replays', () => {
    // c5 then d2: the second move is the first turned half a turn.
    const replay = replayRecord(parsed('CC1 6x6 connection nomirror: c5 d2 *'), engine);
    expect(replay).toEqual({ ok: false, error: "Move 2, d2, breaks No mirroring: it copies the other player's cells by a turn or flip of the board." });
    expect(replayRecord(parsed('CC1 6x6 connection: c5 d2 *'), engine).ok).toBe(true);
  });

  it('a game that ended before the board was full keeps its result (a forfeit, a flag)', () => {
    const replay = replayRecord(parsed('CC1 6x6 connection: c3 d4 0-1'), engine);
    expect(replay.ok).toBe(true);
  });

  it('a link whose %-escapes are broken', () => {
    expect(recordFromFragment('#CC1_6x6_connection:_c3_%E0%A4%A_*')).toEqual({
      ok: false,
      error: 'The link is damaged: its game record has a broken %-escape.',
    });
    expect(recordFragment('CC1 6x6 connection: c3 *')).toBe('CC1_6x6_connection:_c3_*');
  });
});

/**
 * Games on the large boards (12×12 to 16×16) through the typed API, as the page plays them: every
 * score exact past 2^64, checked against SPEC §9's scoring worked out again with BigInt; their
 * records and replays; saved games; and the statistics of such a game.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCORING_MECHANISMS, type CellPosition, type Engine, type ScoringMechanism } from '../engine';
import { loadEngine } from '../engine/load';
import { gameComputerRequest } from '../game/computer';
import { createGame, freeCells, placeCell, setProgress } from './game';
import { formatRecord, parseRecord } from './record';
import { recordOfGame, replayRecord } from './replay';
import { restoreGame, parseStored, saveGame } from './saved';
import { COMPUTER, DEFAULT_SETTINGS } from './settings';
import { computeStatistics } from './statistics';
import { scorePayload } from './submission';
import { oracleScores, squaresGame } from './score-oracle.testkit';
import { BOARD_SIZES, type BoardSize, type GameState, type Settings } from './types';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const TWO_TO_64 = 2n ** 64n;

function settingsFor(boardSize: BoardSize, scoringMechanism: ScoringMechanism, playerMode: Settings['playerMode'] = 'user'): Settings {
  return { ...DEFAULT_SETTINGS, playerMode, boardSize, scoringMechanism };
}

/** Plays the moves through placeCell, checking every position's scores against the BigInt oracle. */
function playChecked(settings: Settings, moves: readonly CellPosition[]): GameState {
  let game = setProgress(createGame(settings, 1), 'playing');
  for (const [index, move] of moves.entries()) {
    const placed = placeCell(game, move, engine);
    if (!placed.ok) throw new Error(`move ${index + 1} refused: ${placed.reason}`);
    game = placed.state;
    expect(game.scores, `scores after move ${index + 1}`).toEqual(oracleScores(game.boardState, game.scoringMechanism));
  }
  return game;
}

describe('a whole 16×16 expansion game through the typed API', () => {
  it('ends with exact scores past 2^64, each move scored as SPEC §9 says', () => {
    const game = playChecked(settingsFor('16', 'expansion'), squaresGame(16, 5));
    expect(game.progress).toBe('over');
    expect(freeCells(game)).toBe(0);
    const [first, second] = game.scores;
    expect(first).toBeGreaterThan(TWO_TO_64);
    expect(second).toBeGreaterThan(TWO_TO_64);
    expect(first).not.toBe(second);
    expect(game.scoreHistory1).toHaveLength(256);
    expect(game.scoreHistory1.at(-1)).toBe(first);
    expect(game.scoreHistory2.at(-1)).toBe(second);
    expect(game.history.at(-1)?.scores).toEqual(game.scores);
  });

  it('a board of 2×2 squares only scores 8^32 = 2^96 each, every digit', () => {
    const game = playChecked(settingsFor('16', 'expansion'), squaresGame(16, 0));
    expect(game.scores).toEqual([2n ** 96n, 2n ** 96n]);
    expect(String(game.scores[0])).toBe('79228162514264337593543950336');
  });

  for (const [boardSize, mode] of [
    ['14', 'expansion'],
    ['16', 'connection'],
    ['16', 'extension'],
  ] as const) {
    it(`a ${boardSize}×${boardSize} ${mode} game against the computer never throws, and its scores are exact`, () => {
      let game = setProgress(createGame(settingsFor(boardSize, mode, 'ai'), 7), 'playing');
      while (freeCells(game) > 0) {
        const cell =
          game.currentPlayer === COMPUTER
            ? engine.chooseMove(gameComputerRequest(game, 'easy'))?.cell
            : squaresGame(Number(boardSize), 0).find(({ gridX, gridY }) => !game.boardState.occupiedCells.some((cells) => cells.has(`${gridX}-${gridY}`)));
        if (!cell) throw new Error('no move on a board with free cells');
        const placed = placeCell(game, cell, engine);
        if (!placed.ok) throw new Error(`move refused: ${placed.reason}`);
        game = placed.state;
      }
      expect(game.progress).toBe('over');
      expect(game.scores).toEqual(oracleScores(game.boardState, mode));
    });
  }
});

describe('any game at any size', () => {
  it('is scored exactly at every move, to the full board, in every mode', () => {
    const games = fc
      .record({ boardSize: fc.constantFrom(...BOARD_SIZES), mode: fc.constantFrom(...SCORING_MECHANISMS) })
      .chain(({ boardSize, mode }) => {
        const side = Number(boardSize);
        const cells = Array.from({ length: side * side }, (_, i) => ({ gridX: i % side, gridY: Math.floor(i / side) }));
        return fc.record({ boardSize: fc.constant(boardSize), mode: fc.constant(mode), moves: fc.shuffledSubarray(cells, { minLength: cells.length }) });
      });
    fc.assert(
      fc.property(games, ({ boardSize, mode, moves }) => {
        const game = playChecked(settingsFor(boardSize, mode), moves);
        expect(game.progress).toBe('over');
      }),
      { numRuns: 12 },
    );
  });
});

describe('records and replays of large boards', () => {
  for (const boardSize of ['12', '14', '16'] as const) {
    for (const mode of SCORING_MECHANISMS) {
      it(`a ${boardSize}×${boardSize} ${mode} game's record replays to the same exact scores, move by move`, () => {
        const game = playChecked(settingsFor(boardSize, mode), squaresGame(Number(boardSize), 3));
        const text = formatRecord(recordOfGame(game));
        expect(text.startsWith(`CC1 ${boardSize}x${boardSize} ${mode}: `)).toBe(true);
        const parsed = parseRecord(text);
        if (!parsed.ok) throw new Error(parsed.error);
        expect(formatRecord(parsed.record)).toBe(text);
        const replay = replayRecord(parsed.record, engine);
        if (!replay.ok) throw new Error(replay.error);
        expect(replay.steps).toHaveLength(Number(boardSize) ** 2 + 1);
        expect(replay.steps.at(-1)?.scores).toEqual(game.scores);
        expect(replay.steps.slice(1).map((step) => step.scores[0])).toEqual(game.scoreHistory1);
        expect(replay.steps.slice(1).map((step) => step.scores[1])).toEqual(game.scoreHistory2);
      });
    }
  }

  it('a 16×16 record claiming the wrong result is an error naming both exact scores, never a throw', () => {
    const game = playChecked(settingsFor('16', 'expansion'), squaresGame(16, 5));
    const text = formatRecord(recordOfGame(game));
    const real = text.slice(text.lastIndexOf(' ') + 1);
    const wrong = real === '1-0' ? '0-1' : '1-0';
    const parsed = parseRecord(`${text.slice(0, text.lastIndexOf(' '))} ${wrong}`);
    if (!parsed.ok) throw new Error(parsed.error);
    const replay = replayRecord(parsed.record, engine);
    expect(replay).toEqual({ ok: false, error: `The record says ${wrong}, but its full board scores ${game.scores[0]} to ${game.scores[1]}: ${real}.` });
  });

  it('bad 12×12 and 16×16 records are errors, never throws', () => {
    expect(parseRecord('CC1 16x16 expansion: a1 q1 *')).toEqual({ ok: false, error: 'Move 2, "q1", is not a cell of a 16x16 board (a1 to p16).' });
    expect(parseRecord('CC1 12x12 connection: l12 m1 *')).toEqual({ ok: false, error: 'Move 2, "m1", is not a cell of a 12x12 board (a1 to l12).' });
    expect(parseRecord('CC1 18x18 expansion: a1 *')).toEqual({ ok: false, error: 'The board size 18x18 is not playable: each side is 2 to 16 cells.' });
    const replayed = parseRecord('CC1 16x16 expansion: a1 p16 a1 *');
    expect(replayed).toEqual({ ok: false, error: 'Move 3, a1, is on a cell already taken by move 1.' });
  });
});

describe('saved games on large boards', () => {
  it('a 16×16 game saved as JSON text comes back with the same exact scores', () => {
    const moves = squaresGame(16, 5).slice(0, 201);
    const settings = settingsFor('16', 'expansion');
    const game = playChecked(settings, moves);
    const text = JSON.stringify(saveGame(game, settings));
    const restored = restoreGame(parseStored(text), engine);
    expect(restored?.settings.boardSize).toBe('16');
    expect(restored?.state.scores).toEqual(game.scores);
    expect(restored?.state.scoreHistory1).toEqual(game.scoreHistory1);
    expect(restored?.state.scoreHistory2).toEqual(game.scoreHistory2);
  });

  it('a game saved before exact scores (numbers in it) still loads, its scores exact', () => {
    const old = JSON.stringify({
      version: 1,
      settings: { ...DEFAULT_SETTINGS, playerMode: 'user', boardSize: '10', scoringMechanism: 'connection' },
      gameId: 1_700_000_000_000,
      moves: [
        { gridX: 0, gridY: 0 },
        { gridX: 5, gridY: 5 },
        { gridX: 1, gridY: 0 },
      ],
      scores: [2, 1], // what an older page might have kept beside the moves: read from the moves instead
    });
    const restored = restoreGame(parseStored(old), engine);
    expect(restored?.state.scores).toEqual([2n, 1n]);
    expect(restored?.state.scoreHistory1).toEqual([1n, 1n, 2n]);
    expect(restored?.settings.boardSize).toBe('10');
  });

  it('a saved game of a size past 16 starts on 6×6, and its moves off that board discard it', () => {
    const bad = { version: 1, settings: { ...DEFAULT_SETTINGS, boardSize: '18' }, gameId: 1, moves: [{ gridX: 10, gridY: 10 }] };
    expect(restoreGame(bad, engine)).toBeNull();
    expect(restoreGame({ ...bad, moves: [] }, engine)?.state.boardState.gridWidth).toBe(6);
  });
});

describe('statistics and High Scores of a 16×16 game', () => {
  it('highest score, biggest gain and largest lead are exact', () => {
    const game = playChecked(settingsFor('16', 'expansion'), squaresGame(16, 5));
    const stats = computeStatistics([game.scoreHistory1, game.scoreHistory2], 256);
    const histories = [game.scoreHistory1, game.scoreHistory2] as const;
    for (const player of [0, 1] as const) {
      const own = histories[player];
      const other = histories[player === 0 ? 1 : 0];
      const gains = own.map((score, i) => score - (i === 0 ? 0n : own[i - 1]!));
      const leads = own.map((score, i) => score - other[i]!).filter((lead) => lead > 0n);
      const max = (values: bigint[]) => values.reduce((a, b) => (b > a ? b : a), 0n);
      expect(stats.players[player]).toMatchObject({ finalScore: game.scores[player], highestScore: max(own), biggestGain: max(gains), largestLead: max(leads) });
      expect(stats.players[player].biggestGain).toBeGreaterThan(2n ** 53n);
    }
  });

  it('the High Scores payload carries every digit as text', () => {
    const settings = settingsFor('16', 'expansion', 'ai');
    const game = playChecked(settings, squaresGame(16, 5));
    const payload = scorePayload({ id: 'u', username: 'U' }, settings, game, 0, 1_000);
    expect(payload).toMatchObject({ board_size: 16, score: game.scores[0].toString(), opponent_score: game.scores[1].toString() });
    expect(BigInt(payload.score)).toBe(game.scores[0]);
  });
});

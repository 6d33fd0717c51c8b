/**
 * A whole game as one line of text, to copy, paste and share as a link:
 *
 *   CC1 6x6 connection: c3 d4 b2 … 1-0
 *
 * `CC1` (the notation's name and version), the board's width x height, the scoring mode, an
 * optional `p2-first` when Player 2 (blue) made the first move (the computer moving first), an
 * optional `nomirror` when the game was played under "No mirroring" (mirrorRule.ts: a move may not
 * copy the opponent's cells by a turn or flip of the board), these two in either order, e.g.
 *
 *   CC1 6x6 connection p2-first nomirror: c3 d5 b2 … 0-1
 *
 * then a colon, the moves in order as chess-style cell names (notation.ts: column letter, row from the
 * bottom; the players alternate), and the result: `1-0` Player 1 won, `0-1` Player 2 won,
 * `1/2-1/2` a draw, `*` not finished. A game may end before the board is full (an online forfeit,
 * a flag on time); a full board's result must be its scores'. Parsed here, at the edge, with a
 * sentence for each thing that can be wrong; the engine replays it (replay.ts).
 */
import * as v from 'valibot';
import { SCORING_MECHANISMS, type CellPosition, type PlayerIndex, type Scores, type ScoringMechanism } from '../engine';
import { cellName } from './notation';

export const RECORD_TAG = 'CC1';
export const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;
export type RecordResult = (typeof RESULTS)[number];

/** Player 2 moved first (written after the mode). */
const SECOND_FIRST = 'p2-first';
/** The game was played under "No mirroring" (written after the mode, and after p2-first). */
export const NO_MIRROR = 'nomirror';
const OPTIONS = [SECOND_FIRST, NO_MIRROR] as const;
/** Board sides the engine plays (2 to 16 cells), and so columns a to p. */
const MIN_SIDE = 2;
const MAX_SIDE = 16;
/** A 16×16 game is 256 moves of at most 3 characters: anything much longer is not a record. */
const MAX_LENGTH = 2000;

export interface GameRecord {
  width: number; // cells across, e.g. 6
  height: number; // cells down, e.g. 6
  mode: ScoringMechanism;
  firstPlayer: PlayerIndex; // 0 (green) unless the record says p2-first
  moves: CellPosition[]; // in order, players alternating from firstPlayer
  result: RecordResult;
  /** Played under "No mirroring" (the record says nomirror); absent or false: without it. */
  mirrorRule?: boolean;
}

export type ParsedRecord = { ok: true; record: GameRecord } | { ok: false; error: string };

/** The record as its one line of text. */
export function formatRecord(record: GameRecord): string {
  const header = [RECORD_TAG, `${record.width}x${record.height}`, record.mode];
  if (record.firstPlayer === 1) header.push(SECOND_FIRST);
  if (record.mirrorRule) header.push(NO_MIRROR);
  const moves = record.moves.map((cell) => cellName(cell, record.height));
  return `${header.join(' ')}: ${[...moves, record.result].join(' ')}`;
}

/** The result a full board's scores give: the higher score wins. */
export function resultOfScores(scores: Scores): Exclude<RecordResult, '*'> {
  if (scores[0] > scores[1]) return '1-0';
  if (scores[1] > scores[0]) return '0-1';
  return '1/2-1/2';
}

/** The winner's side in words, for the replay's headline. */
export function resultInWords(result: RecordResult): string {
  if (result === '1-0') return 'Player 1 won';
  if (result === '0-1') return 'Player 2 won';
  if (result === '1/2-1/2') return 'Draw';
  return 'Not finished';
}

const SizeSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,3}x\d{1,3}$/i, (issue) => `The board size "${String(issue.input)}" is not WIDTHxHEIGHT, e.g. 6x6.`),
  v.transform((text) => text.toLowerCase().split('x').map(Number) as [number, number]),
  v.check(
    ([w, h]) => [w, h].every((side) => side >= MIN_SIDE && side <= MAX_SIDE),
    (issue) => `The board size ${String(issue.input.join('x'))} is not playable: each side is ${MIN_SIDE} to ${MAX_SIDE} cells.`,
  ),
);

const ModeSchema = v.picklist(
  SCORING_MECHANISMS,
  (issue) => `Unknown scoring mode "${String(issue.input)}": it is connection, expansion or extension.`,
);

const ResultSchema = v.picklist(RESULTS, (issue) => `The record ends with "${String(issue.input)}" instead of a result: 1-0, 0-1, 1/2-1/2 or *.`);

/** The first issue's message of a failed parse. */
function first<T>(parsed: v.SafeParseResult<v.GenericSchema<unknown, T>>): { value: T } | { error: string } {
  return parsed.success ? { value: parsed.output } : { error: parsed.issues[0].message };
}

/** "c3" on a board `height` rows tall, or null when the text names no cell of the board. */
function parseCell(text: string, width: number, height: number): CellPosition | null {
  const match = /^([a-p])(\d{1,2})$/.exec(text);
  if (!match) return null;
  const gridX = match[1]!.charCodeAt(0) - 97;
  const row = Number(match[2]);
  if (gridX >= width || row < 1 || row > height) return null;
  return { gridX, gridY: height - row };
}

/** The header before the colon: CC1, the size, the mode, then p2-first when Player 2 began and nomirror under the rule. */
function parseHeader(text: string): { error: string } | { value: Omit<GameRecord, 'moves' | 'result'> } {
  const [tag, size, mode, ...options] = text.trim().split(/\s+/);
  if (tag?.toUpperCase() !== RECORD_TAG) return { error: `A game record starts with ${RECORD_TAG}, not "${tag ?? ''}".` };
  if (size === undefined) return { error: 'The board size is missing after CC1, e.g. CC1 6x6 connection: …' };
  const sides = first(v.safeParse(SizeSchema, size));
  if ('error' in sides) return sides;
  if (mode === undefined) return { error: 'The scoring mode is missing after the board size, e.g. CC1 6x6 connection: …' };
  const scoring = first(v.safeParse(ModeSchema, mode.toLowerCase()));
  if ('error' in scoring) return scoring;
  const words = options.map((option) => option.toLowerCase());
  const unknown = options.find((_, index) => !OPTIONS.some((known) => known === words[index]));
  if (unknown !== undefined) return { error: `Unknown word "${unknown}" before the colon: only ${SECOND_FIRST} and ${NO_MIRROR} may follow the scoring mode.` };
  const twice = words.find((word, index) => words.indexOf(word) !== index);
  if (twice !== undefined) return { error: `The word ${twice} is written twice before the colon: once says it.` };
  const [width, height] = sides.value;
  const firstPlayer = words.includes(SECOND_FIRST) ? 1 : 0;
  return { value: { width, height, mode: scoring.value, firstPlayer, ...(words.includes(NO_MIRROR) ? { mirrorRule: true } : {}) } };
}

/** A record from pasted or linked text, or the first thing wrong with it in a sentence. */
export function parseRecord(input: string): ParsedRecord {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'The game record is empty.' };
  if (text.length > MAX_LENGTH) return { ok: false, error: `The game record is too long (${text.length} characters; a game takes at most ${MAX_LENGTH}).` };
  const colon = text.indexOf(':');
  if (colon < 0) return { ok: false, error: 'The colon after the header is missing: a record reads like "CC1 6x6 connection: c3 d4 1-0".' };
  const header = parseHeader(text.slice(0, colon));
  if ('error' in header) return { ok: false, error: header.error };
  const { width, height } = header.value;

  const tokens = text.slice(colon + 1).trim().split(/\s+/).filter(Boolean);
  const last = tokens.pop();
  if (last === undefined) return { ok: false, error: 'Nothing follows the colon: the moves and the result (1-0, 0-1, 1/2-1/2 or *) are missing.' };
  const result = first(v.safeParse(ResultSchema, last));
  if ('error' in result) {
    const endsWithMove = parseCell(last.toLowerCase(), width, height) !== null;
    return { ok: false, error: endsWithMove ? 'The result is missing after the last move: 1-0, 0-1, 1/2-1/2 or *.' : result.error };
  }

  const moves: CellPosition[] = [];
  const takenAt = new Map<string, number>(); // a cell's name → the number of the move that took it
  for (const [index, token] of tokens.entries()) {
    const number = index + 1;
    const name = token.toLowerCase();
    const cell = parseCell(name, width, height);
    if (!cell) {
      const corner = cellName({ gridX: width - 1, gridY: 0 }, height);
      return { ok: false, error: `Move ${number}, "${token}", is not a cell of a ${width}x${height} board (a1 to ${corner}).` };
    }
    const earlier = takenAt.get(name);
    if (earlier !== undefined) return { ok: false, error: `Move ${number}, ${name}, is on a cell already taken by move ${earlier}.` };
    takenAt.set(name, number);
    moves.push(cell);
  }
  return { ok: true, record: { ...header.value, moves, result: result.value } };
}

/**
 * A link's fragment for the record: spaces become underscores (no %20 in a shared link); the
 * rest of the notation is already safe in a URL's fragment. `recordFromFragment` undoes it.
 */
export function recordFragment(text: string): string {
  return encodeURI(text.trim().replace(/\s+/g, '_')).replace(/#/g, '%23');
}

/** The record's text from a link's fragment (with or without its #), or why it cannot be read. */
export function recordFromFragment(fragment: string): { ok: true; text: string } | { ok: false; error: string } {
  const raw = fragment.replace(/^#/, '');
  try {
    return { ok: true, text: decodeURIComponent(raw).replace(/_/g, ' ') };
  } catch {
    return { ok: false, error: 'The link is damaged: its game record has a broken %-escape.' };
  }
}

/** The path of the replay page that opens the record. */
export function replayPath(text: string): string {
  return `/replay#${recordFragment(text)}`;
}

/**
 * The analysis board's link: `/analysis?ply=N&game=<record>`, the record (game/record.ts) of the
 * line shown and the position N moves into it. Opening a link replays the record through the
 * engine; anything wrong with it (a damaged record, an illegal move, a ply the game does not
 * have) is said in a sentence, never thrown.
 */
import type { BoardState, CellKey, CellPosition, EngineRules, PlayerIndex, Scores } from '../../engine';
import { parseRecord, recordFragment, recordFromFragment, formatRecord, resultOfScores, type GameRecord } from '../record';
import { replayRecord, type ReplayStep } from '../replay';

/** The analysis page's path for a record's text, shown `ply` moves in (the end when left out). */
export function analysisPath(recordText: string, ply?: number): string {
  const at = ply === undefined ? '' : `ply=${ply}&`;
  return `/analysis?${at}game=${recordFragment(recordText)}`;
}

/** A link opened: the game's record, its positions (the empty board first) and the position shown. */
export interface AnalysisStart {
  record: GameRecord;
  steps: ReplayStep[];
  ply: number;
}

export type OpenedLink = { ok: true; start: AnalysisStart } | { ok: false; error: string };

const EXAMPLE = '/analysis?ply=2&game=CC1_6x6_connection:_c3_d4_*';

/** A query's raw (still %-escaped) values by name: the record is unescaped once, by recordFromFragment. */
function rawParams(search: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (!params.has(name)) params.set(name, equals < 0 ? '' : pair.slice(equals + 1));
  }
  return params;
}

/** The analysis link's game and position, replayed by `rules`, or what is wrong with the link. */
export function openAnalysisLink(search: string, rules: Pick<EngineRules, 'play'>): OpenedLink {
  const params = rawParams(search);
  const game = params.get('game');
  if (game === undefined || game === '') return { ok: false, error: `The link names no game: an analysis link reads like ${EXAMPLE}.` };
  const text = recordFromFragment(game);
  if (!text.ok) return text;
  const parsed = parseRecord(text.text);
  if (!parsed.ok) return parsed;
  const replay = replayRecord(parsed.record, rules);
  if (!replay.ok) return replay;
  const moves = parsed.record.moves.length;
  const rawPly = params.get('ply');
  if (rawPly === undefined) return { ok: true, start: { record: parsed.record, steps: replay.steps, ply: moves } };
  const ply = /^\d{1,3}$/.test(rawPly) ? Number(rawPly) : NaN;
  if (!(ply >= 0 && ply <= moves)) {
    return { ok: false, error: `The link's position "${safeText(rawPly)}" is not a position of this game: it has ${moves} moves, so 0 to ${moves}.` };
  }
  return { ok: true, start: { record: parsed.record, steps: replay.steps, ply } };
}

/** A bad value shown back to the player: unescaped where it can be, and never long. */
function safeText(raw: string): string {
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // shown as it came
  }
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}

/**
 * The record of a line played from a game: the game's own result when the line is the game's,
 * a full board's scores' result, else not finished. `finalScores` are the line's last position's.
 */
export function recordOfLine(game: GameRecord, line: readonly CellPosition[], finalScores: Scores): GameRecord {
  const same = line.length === game.moves.length && line.every((cell, index) => cell.gridX === game.moves[index]!.gridX && cell.gridY === game.moves[index]!.gridY);
  const full = line.length === game.width * game.height;
  const result = same ? game.result : full ? resultOfScores(finalScores) : '*';
  return { ...game, moves: [...line], result };
}

/** The link's path for a line of a game shown `ply` moves in. */
export function linkOfLine(game: GameRecord, line: readonly CellPosition[], finalScores: Scores, ply: number): string {
  return analysisPath(formatRecord(recordOfLine(game, line, finalScores)), ply);
}

/** The empty board of a game's size. */
export function emptyBoard(width: number, height: number): BoardState {
  return { occupiedCells: [new Set<CellKey>(), new Set<CellKey>()], gridWidth: width, gridHeight: height };
}

/** The player to move after `ply` moves of a game that `first` began (the players alternate). */
export function moverAt(first: PlayerIndex, ply: number): PlayerIndex {
  return (ply % 2 === 0 ? first : 1 - first) as PlayerIndex;
}

/**
 * The building blocks of the protocol's schemas (valibot) and the one way they are run:
 * `parseWith` turns the first issue into a text that names the field ("room.players.0.ready
 * must be true or false, got 1"), or passes a SERVER_ERRORS text through as it is, since
 * the page shows those to the player.
 */
import * as v from 'valibot';
import { SCORING_MECHANISMS } from '../../engine/types';
import { ROOM_BOARD_SIZES, ROOM_VISIBILITIES, SERVER_ERRORS, TIME_CONTROLS } from '../messages';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A value as an error text shows it: JSON, cut short. */
export function show(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** An issue's message: what the field must be and what came instead (parseWith adds the field). */
export const must =
  (what: string) =>
  (issue: v.BaseIssue<unknown>): string =>
    `must be ${what}, got ${show(issue.input)}`;

const EXPECTED: Record<string, string> = {
  Object: 'an object',
  Array: 'a list',
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
};

/** The message of an issue whose schema has none of its own (run config, below any schema's own). */
function fallbackMessage(issue: v.BaseIssue<unknown>): string {
  const expected = issue.expected ?? 'valid';
  return `must be ${EXPECTED[expected] ?? expected}, got ${show(issue.input)}`;
}

const PLAYER_TEXTS: ReadonlySet<string> = new Set(Object.values(SERVER_ERRORS));

/**
 * The text of an issue: a SERVER_ERRORS text as it is, anything else after the field's path;
 * a field with nothing in it (a missing key, a short list) "is missing".
 */
export function explain(issue: v.BaseIssue<unknown>, label = ''): string {
  if (PLAYER_TEXTS.has(issue.message)) return issue.message;
  const path = v.getDotPath(issue);
  const field = [label, path ?? ''].filter(Boolean).join('.');
  if (!field) return issue.expected === 'Object' ? `expected an object payload, got ${show(issue.input)}` : `payload ${issue.message}`;
  if (path && issue.kind === 'schema' && issue.input === undefined) return `${field} is missing`;
  return `${field} ${issue.message}`;
}

const CONFIG = { abortEarly: true, message: fallbackMessage } as const;

/** Runs a schema: its typed output, or the first problem as a text naming the field under `label`. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown, label = ''): Parsed<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, CONFIG);
  if (result.success) return { ok: true, value: result.output };
  const [issue] = result.issues;
  return { ok: false, error: explain(issue, label) };
}

// ---------------------------------------------------------------- primitives

export const PlayerIndexSchema = v.picklist([0, 1], must('0 or 1'));

export const ScoringMechanismSchema = v.picklist(SCORING_MECHANISMS, must('connection, expansion or extension'));

/**
 * 6, 8, 10, 12, 14 or 16 (SPEC §5: 6–16 even; online play is connection only, SPEC §1); also as
 * a string ("16"), as a <select> sends it.
 */
export const RoomBoardSizeSchema = v.union(
  [v.picklist(ROOM_BOARD_SIZES), v.pipe(v.picklist(ROOM_BOARD_SIZES.map(String)), v.transform(Number), v.picklist(ROOM_BOARD_SIZES))],
  must(`${ROOM_BOARD_SIZES.slice(0, -1).join(', ')} or ${ROOM_BOARD_SIZES.at(-1)}`),
);

/**
 * The most digits a score may have on the socket: 39 hold every unsigned 128-bit number, and the
 * largest score of any board up to 16×16 (16×16 expansion, about 7.9 × 10^28) has 29.
 */
export const SCORE_DIGITS_MAX = 39;

const SCORE_DIGITS = new RegExp(`^(?:0|[1-9][0-9]{0,${SCORE_DIGITS_MAX - 1}})$`);

const SCORE_MUST = must(`a score: a string of up to ${SCORE_DIGITS_MAX} digits (e.g. "137438953472") or a whole number from 0 to 2^53 − 1`);

/** Whether a value is a score as the socket carries it: decimal digits (no sign, no leading zero), or a safe whole number. */
function isScoreText(value: string | number): boolean {
  return typeof value === 'string' ? SCORE_DIGITS.test(value) : Number.isSafeInteger(value) && value >= 0;
}

/**
 * An exact score on the socket: the server sends a decimal string ("137438953472"; past 2^53,
 * as 16×16 boards score, a JSON number would lose digits); older senders' safe whole numbers are
 * accepted too. Parsed, it is the bigint the game holds. Anything else, a sign, a fraction, a
 * leading zero, spaces or more than SCORE_DIGITS_MAX digits, is refused with one clear error.
 */
export const ScoreTextSchema = v.pipe(
  v.union([v.string(), v.number()], SCORE_MUST),
  v.check(isScoreText, SCORE_MUST),
  v.transform((score): bigint => BigInt(score)),
);

/** The same schema under the name the protocol's users look for: a decimal string (or safe number) in, a bigint out. */
export const scoreText = ScoreTextSchema;

/** A score as the socket carries it: every digit, as a decimal string. */
export const scoreToText = (score: bigint): string => score.toString();

/** A room's time control: 'untimed', or minutes + Fischer increment in seconds (TIME_CONTROLS). */
export const TimeControlSchema = v.picklist(TIME_CONTROLS, must('untimed, 1+1, 3+2, 5+3 or 10+5'));

/**
 * Who may find a room. 'private' (the default): only with its code or link; 'public':
 * also listed in the lobby's open games while it waits for an opponent.
 */
export const VisibilitySchema = v.picklist(ROOM_VISIBILITIES, must('private or public'));

/** A whole number (cell coordinates). */
export const WholeNumberSchema = v.pipe(v.number(must('a whole number')), v.integer(must('a whole number')));

/** A finite number of at least 0 (counts, seconds, milliseconds). */
export const CountSchema = v.pipe(v.number(must('a number of at least 0')), v.finite(must('a number of at least 0')), v.minValue(0, must('a number of at least 0')));

/** An id or token the protocol needs filled in. */
export const IdSchema = v.pipe(v.string(must('a non-empty string')), v.nonEmpty(must('a non-empty string')));

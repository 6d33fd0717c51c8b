// Exact scores on the socket: decimal strings (older senders' safe numbers too) in, bigints out.
import { describe, expect, it } from 'vitest';
import { gameState, parsedGameState, VALID } from '../messages.testkit';
import { parseServerEvent } from '../server-events';
import { ScoreTextSchema, SCORE_DIGITS_MAX, parseWith, scoreToText } from './index';

const parse = (value: unknown) => parseWith(ScoreTextSchema, value, 'score');
const REFUSED = `score must be a score: a string of up to ${SCORE_DIGITS_MAX} digits (e.g. "137438953472") or a whole number from 0 to 2^53 − 1`;

describe('scores on the socket', () => {
  it('reads every digit of a decimal string, past 2^53 and up to 2^128', () => {
    expect(parse('0')).toEqual({ ok: true, value: 0n });
    expect(parse('137438953472')).toEqual({ ok: true, value: 137_438_953_472n });
    // 2^53 + 1: a JSON number would arrive as 2^53.
    expect(parse('9007199254740993')).toEqual({ ok: true, value: 9_007_199_254_740_993n });
    // A full 16×16 expansion board of 2×2 squares: 8^32 = 2^96.
    expect(parse((2n ** 96n).toString())).toEqual({ ok: true, value: 2n ** 96n });
    const u128 = 2n ** 128n - 1n;
    expect(u128.toString()).toHaveLength(SCORE_DIGITS_MAX);
    expect(parse(u128.toString())).toEqual({ ok: true, value: u128 });
  });

  it('accepts the safe whole numbers older senders write', () => {
    expect(parse(729)).toEqual({ ok: true, value: 729n });
    expect(parse(0)).toEqual({ ok: true, value: 0n });
    expect(parse(Number.MAX_SAFE_INTEGER)).toEqual({ ok: true, value: 9_007_199_254_740_991n });
  });

  it('refuses anything else with one clear error', () => {
    for (const junk of ['', ' 12', '12 ', '+12', '-12', '012', '1e3', '12.0', '0x1f', '１２', '1_000', 'NaN', '9'.repeat(SCORE_DIGITS_MAX + 1)]) {
      expect(parse(junk), junk).toEqual({ ok: false, error: `${REFUSED}, got ${JSON.stringify(junk).slice(0, 60)}` });
    }
    for (const junk of [-1, 1.5, Number.NaN, Infinity, 2 ** 53, null, true, [1], { score: 1 }]) {
      expect(parse(junk).ok, String(junk)).toBe(false);
    }
    expect(parse(2 ** 53)).toEqual({ ok: false, error: `${REFUSED}, got 9007199254740992` });
    expect(parse(undefined)).toEqual({ ok: false, error: `${REFUSED}, got undefined` });
  });

  it('writes a score with every digit', () => {
    expect(scoreToText(2n ** 96n)).toBe('79228162514264337593543950336');
    expect(scoreToText(0n)).toBe('0');
  });

  it('a game state carries exact scores and score histories as strings; the page gets bigints', () => {
    const big = (2n ** 96n).toString();
    const sent = { ...gameState, scores: [big, '9007199254740993'], scoreHistory1: ['1', big], scoreHistory2: ['0', '9007199254740993'] };
    const parsed = parseServerEvent('game:moveMade', { ...VALID['game:moveMade'], gameState: sent });
    expect(parsed).toMatchObject({ ok: true, message: { payload: { gameState: { scores: [2n ** 96n, 9_007_199_254_740_993n], scoreHistory1: [1n, 2n ** 96n] } } } });
    // An older server's numbers still parse.
    const old = parseServerEvent('game:moveMade', { ...VALID['game:moveMade'], gameState: { ...gameState, scores: [1, 1], scoreHistory1: [1, 1], scoreHistory2: [0, 1] } });
    expect(old).toMatchObject({ ok: true, message: { payload: { gameState: parsedGameState } } });
    expect(parseServerEvent('game:finished', { ...VALID['game:finished'], scores: ['1', '-1'] })).toEqual({ ok: false, error: `game:finished: scores.1 ${REFUSED.slice('score '.length)}, got "-1"` });
    expect(parseServerEvent('game:moveMade', { ...VALID['game:moveMade'], gameState: { ...gameState, scoreHistory2: ['0', 'x'] } })).toMatchObject({
      ok: false,
      error: expect.stringContaining('game:moveMade: gameState.scoreHistory2.1 must be a score'),
    });
    const tooLong = Array.from({ length: 257 }, () => '1');
    expect(parseServerEvent('game:moveMade', { ...VALID['game:moveMade'], gameState: { ...gameState, scoreHistory1: tooLong } })).toMatchObject({
      ok: false,
      error: expect.stringContaining('gameState.scoreHistory1 must be at most 256 scores'),
    });
  });
});

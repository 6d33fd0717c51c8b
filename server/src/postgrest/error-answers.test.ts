/** PostgREST's error answers as the data API passes them on: no server insides, and when to come back. */
import { describe, expect, it } from 'vitest';
import { rewriteErrorAnswer } from './error-answers';

describe('rewriteErrorAnswer', () => {
  it("replaces a 503's details (the database's socket path) with a plain message and Retry-After", () => {
    const body = JSON.stringify({
      code: 'PGRST000',
      details: 'connection to server on socket "/srv/game/data/.s.PGSQL.5432" failed: No such file or directory',
      hint: null,
      message: 'Database connection error. Retrying the connection.',
    });
    expect(rewriteErrorAnswer(503, body, '0')).toEqual({
      status: 503,
      body: { code: 'PGRST000', message: 'The database is unavailable. Try again shortly.', details: null, hint: null },
      retryAfter: 5,
    });
  });

  it('replaces a 500 whatever its body, keeping a code that is one', () => {
    expect(rewriteErrorAnswer(500, 'Something went wrong', undefined)).toEqual({ status: 500, body: { code: null, message: 'Internal server error', details: null, hint: null } });
    const sqlError = JSON.stringify({ code: '58P01', message: 'could not open file "/srv/game/data/base/1/2": No such file', details: null, hint: null });
    expect(rewriteErrorAnswer(500, sqlError, undefined)?.body).toEqual({ code: '58P01', message: 'Internal server error', details: null, hint: null });
    expect(rewriteErrorAnswer(504, JSON.stringify({ code: 'PGRST003', message: 'Timed out acquiring connection from connection pool.' }), undefined)).toMatchObject({ status: 504, retryAfter: 1 });
  });

  it('makes a 400 without a SQLSTATE (the connection broke mid-statement) a 503, and leaves real 400s alone', () => {
    expect(rewriteErrorAnswer(400, JSON.stringify({ code: '', details: null, hint: null, message: '' }), undefined)).toMatchObject({ status: 503, retryAfter: 5 });
    const badUuid = JSON.stringify({ code: '22P02', details: null, hint: null, message: 'invalid input syntax for type uuid: "x"' });
    expect(rewriteErrorAnswer(400, badUuid, undefined)).toBeUndefined();
    expect(rewriteErrorAnswer(400, JSON.stringify({ code: 'PGRST100', message: 'failed to parse filter' }), undefined)).toBeUndefined();
  });
});

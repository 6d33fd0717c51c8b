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
      hidden: false,
    });
  });

  it("keeps a 500's code, and its message only where it names no path", () => {
    expect(rewriteErrorAnswer(500, 'Something went wrong', undefined)).toEqual({ status: 500, body: { code: null, message: 'Internal server error', details: null, hint: null }, hidden: true });
    const sqlError = JSON.stringify({ code: '58P01', message: 'could not open file "/srv/game/data/base/1/2": No such file', details: null, hint: null });
    expect(rewriteErrorAnswer(500, sqlError, undefined)?.body).toEqual({ code: '58P01', message: 'Internal server error', details: null, hint: null });
    const timedOut = JSON.stringify({ code: '57014', message: 'canceling statement due to statement timeout', details: 'on socket /srv/x', hint: null });
    expect(rewriteErrorAnswer(500, timedOut, undefined)).toEqual({ status: 500, body: { code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null }, hidden: false });
    expect(rewriteErrorAnswer(504, JSON.stringify({ code: 'PGRST003', message: 'Timed out acquiring connection from connection pool.' }), undefined)).toMatchObject({ status: 504, retryAfter: 1 });
  });

  it('makes a 400 without a SQLSTATE (the connection broke mid-statement) a 503, and leaves real 400s alone', () => {
    expect(rewriteErrorAnswer(400, JSON.stringify({ code: '', details: null, hint: null, message: '' }), undefined)).toMatchObject({ status: 503, retryAfter: 5 });
    const badUuid = JSON.stringify({ code: '22P02', details: null, hint: null, message: 'invalid input syntax for type uuid: "x"' });
    expect(rewriteErrorAnswer(400, badUuid, undefined)).toBeUndefined();
    expect(rewriteErrorAnswer(400, JSON.stringify({ code: 'PGRST100', message: 'failed to parse filter' }), undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { checkNewPassword, normalizeEmail, optionalUsername } from './validate';

describe('sign-up validation', () => {
  it('accepts ordinary addresses, trimmed and lower-cased', () => {
    expect(normalizeEmail(' Bob.Smith+game@Mail.Example.com ')).toBe('bob.smith+game@mail.example.com');
  });

  it.each([undefined, null, 42, '', '   ', 'plain', 'a@b', '@example.com', 'a@@example.com', 'a b@example.com', 'a@example.', `${'x'.repeat(250)}@example.com`])(
    'refuses %j as an e-mail',
    (value) => {
      expect(() => normalizeEmail(value)).toThrow('Unable to validate email address: invalid format');
    },
  );

  it('wants passwords of at least 6 characters, counting characters not UTF-16 units', () => {
    expect(() => checkNewPassword('12345')).toThrow('Password should be at least 6 characters.');
    expect(() => checkNewPassword(undefined)).toThrow('Password should be at least 6 characters.');
    expect(() => checkNewPassword('😀😀😀')).toThrow('Password should be at least 6 characters.');
    expect(checkNewPassword('123456')).toBe('123456');
    expect(() => checkNewPassword('x'.repeat(1025))).toThrow('at most 1024');
  });

  it('keeps a trimmed username, or none when blank', () => {
    expect(optionalUsername({ username: '  Ann  ' })).toBe('Ann');
    expect(optionalUsername({ username: '  ' })).toBeUndefined();
    expect(optionalUsername(undefined)).toBeUndefined();
    expect(optionalUsername({})).toBeUndefined();
    expect(() => optionalUsername({ username: 7 })).toThrow('Username must be a string.');
    expect(() => optionalUsername({ username: 'x'.repeat(21) })).toThrow('Username should be at most 20 characters.');
    expect(optionalUsername({ username: 'x'.repeat(20) })).toBe('x'.repeat(20));
  });

  it('normalises usernames (NFKC) and refuses control or invisible characters', () => {
    expect(optionalUsername({ username: 'Ｗｉｄｅ' })).toBe('Wide');
    for (const username of ['Al\u0000ice', 'Al\u200bice', '\u202eecilA', 'An\u2028n', 'alice\u200b', 'Bob\u3164', 'al\u00adice', 'alice\ufe0f']) {
      expect(() => optionalUsername({ username })).toThrow('Username must not contain control or invisible characters.');
    }
  });

  it("follows the lobby's rule for names: emoji joined by ZWJ are kept, a name with nothing that shows is no name", () => {
    expect(optionalUsername({ username: '👩\u200d💻 Dev' })).toBe('👩\u200d💻 Dev');
    expect(optionalUsername({ username: '🏳\ufe0f\u200d🌈' })).toBe('🏳\ufe0f\u200d🌈');
    for (const username of ['\u3164', '\u200b\u200b', ' \u115f\u1160 ']) expect(optionalUsername({ username })).toBeUndefined();
  });

  it('folds look-alike forms of an e-mail into one, and refuses invisible characters and mixed scripts', () => {
    expect(normalizeEmail('ＡＬＩＣＥ@ｅｘａｍｐｌｅ.com')).toBe('alice@example.com');
    expect(normalizeEmail('ivan@почта.рф')).toBe('ivan@почта.рф');
    expect(normalizeEmail('たなか@例え.jp')).toBe('たなか@例え.jp');
    for (const email of ['a\u0000@example.com', 'ali\u200bce@example.com', 'alice@exam\u00adple.com', 'bob\u202e@example.com']) {
      expect(() => normalizeEmail(email)).toThrow('Unable to validate email address: it contains control or invisible characters');
    }
    for (const email of ['\u0430lice@example.com', 'alice@ex\u0430mple.com', 'pay\u03c1al@example.com']) {
      expect(() => normalizeEmail(email)).toThrow('Unable to validate email address: it mixes letters of different scripts');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { checkNewPassword, normalizeEmail, optionalUsername } from './validate';

describe('sign-up validation', () => {
  it('accepts ordinary addresses, trimmed and lower-cased', () => {
    expect(normalizeEmail(' Bob.Smith+game@Mail.Example.com ')).toBe('bob.smith+game@mail.example.com');
  });

  it.each([undefined, null, 42, '', '   ', 'plain', 'a@b', '@example.com', 'a@@example.com', 'a b@example.com', 'a@example.', `${'x'.repeat(250)}@example.com`, 'a\u0000@example.com'])(
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
    expect(() => optionalUsername({ username: 'x'.repeat(51) })).toThrow('at most 50');
  });
});

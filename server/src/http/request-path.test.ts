import { describe, expect, it } from 'vitest';
import { parseRequestPath } from './request-path';

describe('parseRequestPath', () => {
  it('splits and decodes the path, ignoring the query and empty segments', () => {
    expect(parseRequestPath('/assets//a%20b.js?v=1#x')).toEqual({ ok: true, segments: ['assets', 'a b.js'] });
    expect(parseRequestPath('/')).toEqual({ ok: true, segments: [] });
  });

  it.each(['/../x', '/a/./b', '/%2E%2E/x', '/a%2f..%2fb', '/a\\b', '/a%00b', '/%zz', 'no-slash'])('refuses %s', (url) => {
    expect(parseRequestPath(url).ok).toBe(false);
  });
});

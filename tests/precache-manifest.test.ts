import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { precacheEntries } from '../scripts/precache-manifest';

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

describe('the service worker precache list', () => {
  it('lists every file of the build a game needs offline, hashed assets without a revision', () => {
    const entries = precacheEntries([
      { fileName: 'index.html', source: '<!doctype html>' },
      { fileName: 'assets/index-Da_X2iZO.js', source: 'export {}' },
      { fileName: 'assets/engine-BiLmnmws.wasm', source: new Uint8Array([0, 0x61, 0x73, 0x6d]) },
      { fileName: 'assets/GamePage-CQ4kXQV5.css', source: '.game{}' },
      { fileName: 'logo.svg', source: '<svg/>' },
      { fileName: 'icons/icon-192.png', source: new Uint8Array([0x89, 0x50]) },
      { fileName: 'manifest.webmanifest', source: '{}' },
    ]);
    expect(entries).toEqual([
      { url: '/assets/GamePage-CQ4kXQV5.css', revision: null },
      { url: '/assets/engine-BiLmnmws.wasm', revision: null },
      { url: '/assets/index-Da_X2iZO.js', revision: null },
      { url: '/icons/icon-192.png', revision: expect.stringMatching(/^[0-9a-f]{16}$/) },
      { url: '/index.html', revision: sha('<!doctype html>') },
      { url: '/logo.svg', revision: sha('<svg/>') },
      { url: '/manifest.webmanifest', revision: sha('{}') },
    ]);
  });

  it('leaves out the compressed twins, source maps, Vite manifests and the worker itself', () => {
    const entries = precacheEntries([
      { fileName: 'index.html', source: 'x' },
      { fileName: 'index.html.br', source: 'x' },
      { fileName: 'assets/index-Da_X2iZO.js.gz', source: 'x' },
      { fileName: 'assets/index-Da_X2iZO.js.map', source: '{}' },
      { fileName: '.vite/manifest.json', source: '{}' },
      { fileName: 'sw.js', source: 'x' },
    ]);
    expect(entries.map((entry) => entry.url)).toEqual(['/index.html']);
  });

  it("gives index.html a new revision when its content changes, so an update replaces the old shell", () => {
    const [before] = precacheEntries([{ fileName: 'index.html', source: '<script src="/assets/index-A.js">' }]);
    const [after] = precacheEntries([{ fileName: 'index.html', source: '<script src="/assets/index-B.js">' }]);
    expect(before!.revision).not.toBe(after!.revision);
  });

  it('is the same list for the same files in any order (the worker changes only with the build)', () => {
    const files = [
      { fileName: 'logo.svg', source: '<svg/>' },
      { fileName: 'assets/b-2.js', source: '' },
      { fileName: 'assets/a-1.js', source: '' },
    ];
    expect(precacheEntries(files)).toEqual(precacheEntries([...files].reverse()));
  });

  it('takes the hashed folder from the build (Vite\'s assetsDir)', () => {
    expect(precacheEntries([{ fileName: 'static/app-1.js', source: 'x' }], 'static')).toEqual([{ url: '/static/app-1.js', revision: null }]);
    expect(precacheEntries([{ fileName: 'static/app-1.js', source: 'x' }])[0]!.revision).toBe(sha('x'));
  });
});

import { describe, expect, it, vi } from 'vitest';
import { COPIED_MESSAGE, shareScore, type ShareNavigator } from './share';

const payload = { title: 'Cell Connection', text: 'I scored 12 points in Cell Connection! You Won!' };

function fakeWindow() {
  return { alert: vi.fn<(message: string) => void>(), location: { origin: 'https://cells.example' } };
}

function fakeClipboard(fails = false) {
  return { writeText: vi.fn(async (_text: string) => (fails ? Promise.reject(new Error('denied')) : undefined)) };
}

describe('share score', () => {
  it('uses the device share with title, text and the site address', async () => {
    const win = fakeWindow();
    const clipboard = fakeClipboard();
    const nav: ShareNavigator = { share: vi.fn(async () => undefined), clipboard };
    expect(await shareScore(payload, nav, win)).toBe('shared');
    expect(nav.share).toHaveBeenCalledWith({ ...payload, url: 'https://cells.example' });
    expect(clipboard.writeText).not.toHaveBeenCalled();
    expect(win.alert).not.toHaveBeenCalled();
  });

  it('calls share on the navigator itself', async () => {
    const nav = {
      share: vi.fn(async function (this: unknown) {
        if (this !== nav) throw new TypeError('Illegal invocation');
      }),
    };
    expect(await shareScore(payload, nav, fakeWindow())).toBe('shared');
  });

  it('without device share copies the text and shows the alert', async () => {
    const win = fakeWindow();
    const clipboard = fakeClipboard();
    expect(await shareScore(payload, { clipboard }, win)).toBe('copied');
    expect(clipboard.writeText).toHaveBeenCalledWith(payload.text);
    expect(win.alert).toHaveBeenCalledWith('Score copied to clipboard!');
    expect(COPIED_MESSAGE).toBe('Score copied to clipboard!');
  });

  it('a dismissed share sheet does nothing more', async () => {
    const win = fakeWindow();
    const clipboard = fakeClipboard();
    const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    const nav: ShareNavigator = { share: vi.fn(async () => Promise.reject(abort)), clipboard };
    expect(await shareScore(payload, nav, win)).toBe('cancelled');
    expect(clipboard.writeText).not.toHaveBeenCalled();
    expect(win.alert).not.toHaveBeenCalled();
  });

  it('a failing share falls back to the clipboard', async () => {
    const win = fakeWindow();
    const clipboard = fakeClipboard();
    const denied = Object.assign(new Error('no'), { name: 'NotAllowedError' });
    const nav: ShareNavigator = { share: vi.fn(async () => Promise.reject(denied)), clipboard };
    expect(await shareScore(payload, nav, win)).toBe('copied');
    expect(win.alert).toHaveBeenCalledWith(COPIED_MESSAGE);
  });

  it('skips share when canShare refuses the payload', async () => {
    const win = fakeWindow();
    const nav: ShareNavigator = { share: vi.fn(async () => undefined), canShare: () => false, clipboard: fakeClipboard() };
    expect(await shareScore(payload, nav, win)).toBe('copied');
    expect(nav.share).not.toHaveBeenCalled();
  });

  it('fails quietly without share or clipboard, and when the clipboard refuses', async () => {
    const win = fakeWindow();
    expect(await shareScore(payload, {}, win)).toBe('failed');
    expect(await shareScore(payload, { clipboard: fakeClipboard(true) }, win)).toBe('failed');
    expect(win.alert).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { recordFromFragment } from '../../game/record';
import { COPIED_MESSAGE, scoreShareText, shareScore, type ShareNavigator } from './share';

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

describe('the shared text', () => {
  const record = 'CC1 6x6 extension: c3 d4 1-0';

  it('says "I scored {score} points in Cell Extension!" and then the headline as Game Results shows it', () => {
    expect(scoreShareText([12n, 10n], 'ai', undefined, 'https://cells.example')).toBe(
      'I scored 12 points in Cell Extension!\nCongratulations!\nYou Won!',
    );
    expect(scoreShareText([10n, 12n], 'ai', undefined, 'https://cells.example')).toBe(
      'I scored 10 points in Cell Extension!\nGame Over.\nSorry, you lost.',
    );
    expect(scoreShareText([8n, 8n], 'ai', undefined, 'https://cells.example')).toBe(
      "I scored 8 points in Cell Extension!\nGame Over\nIt's a Draw!",
    );
    expect(scoreShareText([10n, 32n], 'user', undefined, 'https://cells.example')).toBe(
      'I scored 32 points in Cell Extension!\nGame Over\nPlayer 2 Wins!',
    );
  });

  it('writes every digit of a score past 2^53', () => {
    expect(scoreShareText([2n ** 60n, 1n], 'ai', undefined, 'https://cells.example')).toMatch(
      /^I scored 1152921504606846976 points in Cell Extension!\n/,
    );
  });

  it('ends with the replay link of the game, which opens the same record', () => {
    const lines = scoreShareText([12n, 10n], 'ai', record, 'https://cells.example').split('\n');
    expect(lines).toHaveLength(4);
    const link = new URL(lines[3]!);
    expect(link.origin).toBe('https://cells.example');
    expect(link.pathname).toBe('/replay');
    expect(link.href).not.toContain(' ');
    expect(recordFromFragment(link.hash)).toEqual({ ok: true, text: record });
  });

  it('is what the clipboard gets when there is no device share', async () => {
    const text = scoreShareText([12n, 10n], 'ai', record, 'https://cells.example');
    const clipboard = fakeClipboard();
    const win = fakeWindow();
    expect(await shareScore({ title: 'Cell Extension', text }, { clipboard }, win)).toBe('copied');
    expect(clipboard.writeText).toHaveBeenCalledWith(text);
    expect(win.alert).toHaveBeenCalledWith('Score copied to clipboard!');
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlayerNameField, lobbyAccountName, nameToPlay } from './PlayerNameField';

/** The field's input element, as the page has it. */
const inputOf = (html: string): string => /<input id="mp-username"[^>]*>/.exec(html)?.[0] ?? '';

const render = (accountName: string | null, value = '') =>
  renderToStaticMarkup(<PlayerNameField accountName={accountName} value={value} onChange={() => {}} onKeyDown={() => {}} onBlur={() => {}} />);

describe("the lobby's Username field", () => {
  it("shows a signed-in player's username, not editable, and says who they are signed in as", () => {
    const html = render('Feel8745', 'HostFeel');
    expect(html).toContain('<label for="mp-username">Username</label>');
    expect(inputOf(html)).toContain('value="Feel8745"');
    expect(inputOf(html)).toContain('readOnly=""');
    expect(html).toContain('Signed in as Feel8745');
    // What was typed before signing in is never shown, nor played under.
    expect(html).not.toContain('HostFeel');
    expect(nameToPlay('Feel8745', 'HostFeel')).toBe('Feel8745');
  });

  it('lets an anonymous player type a name, as before', () => {
    const html = render(null, 'Guest');
    expect(inputOf(html)).toContain('value="Guest"');
    expect(html).toContain('placeholder="Enter your username"');
    expect(html).toContain('maxLength="20"');
    expect(html).not.toContain('readOnly');
    expect(html).not.toContain('Signed in as');
    expect(nameToPlay(null, 'Guest')).toBe('Guest');
  });

  it('holds at most the lobby’s 20 characters of an account username, and none without an account', () => {
    expect(lobbyAccountName('ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(lobbyAccountName(undefined)).toBeNull();
    // Characters, not UTF-16 units: an emoji is not cut in half.
    expect(lobbyAccountName('🙂'.repeat(21))).toBe('🙂'.repeat(20));
  });
});

import { describe, expect, it } from 'vitest';
import { nameProblem, normalName, type NameProblem } from './names';

const check = (raw: string): NameProblem => nameProblem(normalName(raw));

describe('a name shows every character it holds', () => {
  it.each([
    ['alice', 'plain letters'],
    ['Zoë', 'an accented letter'],
    ['李小龙', 'Han'],
    ['José 🎲', 'an emoji'],
    ["O'Brien \"Ace\"", 'punctuation'],
    ['👩\u200d💻', 'two emoji joined by ZWJ'],
    ['👩\u200d👩\u200d👧\u200d👦 family', 'a family of four'],
    ['🏳\ufe0f\u200d🌈', 'the rainbow flag with its VS16'],
    ['🧑🏽\u200d🦰', 'a skin tone and hair'],
    ['❤\ufe0f\u200d🔥', 'a heart on fire'],
    ['❤\ufe0f', 'VS16 after a text-style emoji'],
    ['1\ufe0f\u20e3 Ann', 'a keycap'],
    ['🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}', 'the flag of Scotland'],
    ['🇫🇷 Marie', 'a flag of regional indicators'],
  ])('%j is a name (%s)', (name) => {
    expect(check(name)).toBeNull();
  });

  it.each([
    ['alice\u200b', 'a zero-width space'],
    ['al\u200cice', 'a zero-width non-joiner'],
    ['ali\u200dce', 'a ZWJ between letters'],
    ['😀\u200d', 'a ZWJ after an emoji with nothing joined'],
    ['\u200d💻x', 'a ZWJ before an emoji with nothing before it'],
    ['al\u200eice', 'a left-to-right mark'],
    ['al\u200fice', 'a right-to-left mark'],
    ['\u202eecila', 'a right-to-left override'],
    ['al\u202aice', 'a left-to-right embedding'],
    ['al\u2066ice\u2069', 'bidi isolates'],
    ['al\u2060ice', 'a word joiner'],
    ['al\u2061ice', 'an invisible function application'],
    ['al\u2064ice', 'an invisible plus'],
    ['al\ufeffice', 'a byte-order mark inside'],
    ['al\u00adice', 'a soft hyphen'],
    ['al\u034fice', 'a combining grapheme joiner'],
    ['alice\ufe0f', 'VS16 after a letter'],
    ['\ufe0fBob', 'VS16 alone at the start'],
    ['😀\ufe0e', 'VS15'],
    ['alice\ufe00', 'VS1 after a letter'],
    ['alice\u{e0100}', 'VS17 after a letter'],
    ['❤\ufe0f\ufe0f', 'two VS16'],
    ['1\ufe0f', 'VS16 after a digit with no keycap'],
    ['alice\u{e0061}', 'a tag character'],
    ['🏴\u{e0078}\u{e0079}\u{e007a}\u{e007f}', 'a black flag with made-up tags'],
    ['al\u3164ice', 'a Hangul filler'],
    ['Bob\u115f', 'a Hangul choseong filler'],
    ['Bob\u1160', 'a Hangul jungseong filler'],
    ['Bob\uffa0', 'a halfwidth Hangul filler'],
    ['Bob\u2800', 'a Braille blank'],
    ['Bob\u180e', 'a Mongolian vowel separator'],
    ['A\u0000B', 'a NUL'],
    ['bell\u0007', 'a control character'],
    ['An\u2028n', 'a line separator'],
    ['half\ud800', 'half a surrogate pair'],
  ])('%j is refused (%s)', (name) => {
    expect(check(name)).toBe('invisible');
  });

  it.each([
    ['', 'nothing'],
    ['   ', 'spaces'],
    ['\u3000\u00a0', 'wide and no-break spaces'],
    ['\u200b', 'a zero-width space'],
    ['\u3164', 'a Hangul filler'],
    ['\u3164\u3164 \u115f', 'Hangul fillers and a space'],
    ['\ufe0f', 'a lone VS16'],
    ['\u2800\u2800', 'Braille blanks'],
    [' \u202e\u200d ', 'format characters between spaces'],
  ])('%j is blank (%s)', (name) => {
    expect(check(name)).toBe('blank');
  });
});

describe("a name's normal form", () => {
  it.each([
    ['  Ann  ', 'Ann'],
    ['Ｗｉｄｅ', 'Wide'],
    ['ﬁnn', 'finn'],
    ['\u3000Ｂｏｂ\u3000', 'Bob'],
    ['😀\ufe0f', '😀'],
    ['❤\ufe0f', '❤\ufe0f'],
    ['🏳\ufe0f\u200d🌈', '🏳\ufe0f\u200d🌈'],
  ])('%j is kept as %j', (raw, kept) => {
    expect(normalName(raw)).toBe(kept);
  });
});

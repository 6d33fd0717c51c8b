/**
 * What a player's name may hold: one rule for the lobby's names (src/protocol) and for account
 * usernames (the server's sign-up). A name is what others read beside the board, so every
 * character of it must show: `alice` with a zero-width space after it would sit beside `alice`
 * as someone else, and a name of Hangul fillers shows as nobody at all.
 *
 * Refused: control characters, format characters (zero-width spaces and joiners, bidi controls,
 * the soft hyphen, the byte-order mark), default-ignorable ones (variation selectors, tag
 * characters, Hangul fillers, the combining grapheme joiner), line and paragraph separators,
 * half surrogate pairs, and the Braille blank. Kept: the emoji that need one of them to show as
 * one picture (👩‍💻 and 🏳️‍🌈 joined by U+200D, ❤️ with its variation selector, keycaps, the flags of
 * England, Scotland and Wales).
 */

/** Characters that show nothing, or change nothing that shows. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800]/u;
const ALL_INVISIBLE = new RegExp(INVISIBLE.source, 'gu');

/** A pictograph, with the skin tone or the emoji-style selector (VS16) it may carry. */
const PICTURE = String.raw`\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?`;
/** 🏴 with the tags of England, Scotland or Wales (the only flags written with tag characters). */
const TAG_FLAG = String.raw`\u{1F3F4}\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F}`;
/** Emoji whose invisible characters are part of one picture: flags, keycaps, ZWJ sequences. */
const EMOJI = new RegExp(String.raw`${TAG_FLAG}|[#*0-9]\uFE0F\u20E3|${PICTURE}(?:\u200D${PICTURE})*`, 'gu');
/** VS16 after an emoji drawn as a picture anyway changes nothing that shows. */
const NEEDLESS_VS16 = /(\p{Emoji_Presentation})\uFE0F/gu;

/**
 * The form a name is kept and compared in: trimmed, NFKC-normalised (fullwidth letters,
 * ligatures, ſ and the like become the letters they show) and trimmed again, without a VS16
 * that changes nothing (😀 with or without U+FE0F after it is one name).
 */
export function normalName(raw: string): string {
  return raw.trim().normalize('NFKC').trim().replace(NEEDLESS_VS16, '$1');
}

/** What is wrong with a name: `blank` (nothing in it shows), `invisible` (a character that does not show), or null. */
export type NameProblem = 'blank' | 'invisible' | null;

/** The problem of a name in its normal form (normalName), or null when every character of it shows. */
export function nameProblem(name: string): NameProblem {
  if (name.replace(ALL_INVISIBLE, '').trim() === '') return 'blank';
  return INVISIBLE.test(name.replace(EMOJI, '')) ? 'invisible' : null;
}

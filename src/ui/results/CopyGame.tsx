/**
 * Copy game: the game's record (game/record.ts) to the clipboard, and says so; where
 * the clipboard is refused (an insecure origin, a browser setting) the record is shown to copy by
 * hand. The same button copies a replay link.
 */
import { useState } from 'react';
import './results.css';

export interface CopyGameProps {
  text: string; // what is copied: a record, or a link
  label?: string; // 'Copy game' unless told
  copied?: string; // what the status says after copying
}

export function CopyGame({ text, label = 'Copy game', copied = 'Game copied to the clipboard' }: CopyGameProps) {
  const [said, setSaid] = useState<{ ok: boolean; words: string } | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid({ ok: true, words: copied });
    } catch {
      setSaid({ ok: false, words: 'The clipboard is not available here: select the text and copy it.' });
    }
  };
  return (
    <span className="copy-game">
      <button type="button" className="button" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy-game__status">
        {said?.words ?? ''}
      </span>
      {said?.ok === false && <input className="copy-game__text" readOnly value={text} aria-label={label} onFocus={(event) => event.currentTarget.select()} />}
    </span>
  );
}

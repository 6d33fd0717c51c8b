/**
 * The import box: a pasted game record opens in the replay. The record is checked here
 * first, so a bad one is explained beside the box instead of on a new page.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { parseRecord, replayPath } from '../../game/record';

export function ImportBox({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const open = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRecord(text);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    void navigate(replayPath(text));
  };
  return (
    <form className="replay-import" onSubmit={open} aria-label="Import a game">
      <label htmlFor={`${id}-record`}>Paste a game record</label>
      <textarea
        id={`${id}-record`}
        value={text}
        rows={3}
        spellCheck={false}
        placeholder="CC1 6x6 connection: c3 d4 … 1-0"
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="replay-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary">
        Open game
      </button>
    </form>
  );
}

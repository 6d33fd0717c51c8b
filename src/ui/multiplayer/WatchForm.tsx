/** The lobby's "Watch a game": a room's code opens its game for spectators. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROOM_CODE_LENGTH } from '../../protocol/messages';

export function WatchForm() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const trimmed = code.trim();
  const watch = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) navigate(`/multiplayer/watch/${encodeURIComponent(trimmed)}`);
  };
  return (
    <form className="multiplayer-form" onSubmit={watch}>
      <label htmlFor="mp-watch-code">Watch a game</label>
      <div className="multiplayer-join">
        <input
          id="mp-watch-code"
          value={code}
          maxLength={ROOM_CODE_LENGTH}
          autoComplete="off"
          placeholder="Room code"
          className="multiplayer-code"
          onChange={(e) => setCode(e.target.value.toUpperCase())}
        />
        <button type="submit" className="button" disabled={!trimmed}>
          Watch
        </button>
      </div>
    </form>
  );
}

/**
 * /replay: `/replay#<record>` opens a game's record (game/record.ts) with its step
 * controls; a link whose record cannot be read says what is wrong with it. The import box takes
 * a pasted record. Lazy-loaded with the board (PixiJS) and the engine.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Engine } from '../../engine';
import { loadEngine } from '../../engine/load';
import { parseRecord, recordFromFragment } from '../../game/record';
import { replayRecord } from '../../game/replay';
import { ImportBox } from './ImportBox';
import { ReplayView } from './ReplayView';
import '../theme/theme.css';
import '../theme/buttons.css';
import '../game/game.css';
import './replay.css';

export default function ReplayPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    loadEngine().then(setEngine, (error: unknown) => setFailure(String(error)));
  }, []);
  const opened = useMemo(() => openRecord(hash, engine), [hash, engine]);

  return (
    <main className="replay-page">
      <header className="replay-head">
        <h1>Replay</h1>
        <button type="button" className="button" onClick={() => void navigate('/home')}>
          Home
        </button>
      </header>
      {failure && <p role="alert">Could not load the game engine: {failure}</p>}
      {!failure && hash.length > 1 && !engine && <p className="page-loading">Loading the game…</p>}
      {opened?.ok === false && (
        <p className="replay-error" role="alert" data-testid="replay-error">
          This link&apos;s game cannot be opened. {opened.error}
        </p>
      )}
      {/* Keys unlike each other's: siblings with one key are duplicated when the link is opened again. */}
      {engine && opened?.ok && <ReplayView key={`game ${hash}`} engine={engine} record={opened.record} steps={opened.steps} />}
      <ImportBox key={`import ${hash}`} />
    </main>
  );
}

/** The record in the link's fragment, replayed; null when there is none (or the engine is loading). */
function openRecord(hash: string, engine: Engine | null) {
  if (hash.length <= 1 || !engine) return null;
  const text = recordFromFragment(hash);
  if (!text.ok) return text;
  const parsed = parseRecord(text.text);
  if (!parsed.ok) return parsed;
  const replay = replayRecord(parsed.record, engine);
  return replay.ok ? { ok: true as const, record: parsed.record, steps: replay.steps } : replay;
}

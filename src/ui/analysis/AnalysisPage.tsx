/**
 * /analysis?ply=N&game=<record>: the analysis board, opened on a position of a game from the
 * replay, the review or Game Results, or from a shared link. A link that cannot be opened says
 * why in a sentence. Lazy-loaded with the board (PixiJS) and the engine.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Engine } from '../../engine';
import { loadEngine } from '../../engine/load';
import { openAnalysisLink } from '../../game/analysis/link';
import { AnalysisBoard } from './AnalysisBoard';
import '../theme/theme.css';
import '../theme/buttons.css';
import '../game/game.css';
import '../replay/replay.css';
import './analysis.css';

export default function AnalysisPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    loadEngine().then(setEngine, (error: unknown) => setFailure(String(error)));
  }, []);
  const opened = useMemo(() => (engine ? openAnalysisLink(search, engine) : null), [search, engine]);

  return (
    <main className="replay-page analysis-page">
      <header className="replay-head">
        <h1>Analysis board</h1>
        <button type="button" className="button" onClick={() => void navigate('/home')}>
          Home
        </button>
      </header>
      {failure && <p role="alert">Could not load the game engine: {failure}</p>}
      {!failure && !engine && <p className="page-loading">Loading the engine…</p>}
      {opened?.ok === false && (
        <p className="replay-error" role="alert" data-testid="analysis-error">
          This link&apos;s position cannot be opened. {opened.error}
        </p>
      )}
      {engine && opened?.ok && <AnalysisBoard key={search} engine={engine} start={opened.start} />}
    </main>
  );
}

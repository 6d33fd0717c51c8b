/**
 * The single-device game page (/game): navigation bar, scores, the board, the
 * button bar, and every panel and dialog of SPEC §2. Lazy-loaded, so PixiJS and
 * ECharts load only with it.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Engine } from '../../engine';
import { loadEngine } from '../../engine/load';
import { GameScreen } from './GameScreen';
import { useInspector } from './useInspector';

export default function GamePage() {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [params] = useSearchParams();
  const inspector = useInspector(params.get('inspect') === 'true');

  useEffect(() => {
    loadEngine().then(setEngine, (error: unknown) => setFailure(String(error)));
  }, []);

  if (failure) return <p role="alert">Could not load the game engine: {failure}</p>;
  if (!engine || inspector === 'loading') return <p className="page-loading">Loading the game…</p>;
  return (
    <GameScreen
      engine={engine}
      openSettings={params.get('settings') === 'open'}
      aiDev={params.get('aiDev') === 'true'}
      inspect={inspector ?? undefined}
    />
  );
}

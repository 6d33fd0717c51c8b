/**
 * The lesson (/learn): five short steps on a 5×5 board, played with the real engine. Lazy-loaded,
 * like the game page, so PixiJS and the engine load only with it.
 */
import { useEffect, useState } from 'react';
import type { Engine } from '../../engine';
import { loadEngine } from '../../engine/load';
import { LessonScreen } from './LessonScreen';

export default function LessonPage() {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    loadEngine().then(setEngine, (error: unknown) => setFailure(String(error)));
  }, []);

  if (failure) return <p role="alert">Could not load the game engine: {failure}</p>;
  if (!engine) return <p className="page-loading">Loading the lesson…</p>;
  return <LessonScreen engine={engine} />;
}

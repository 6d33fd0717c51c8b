import { useEffect, useMemo, useState } from 'react';
import { SCORING_MECHANISMS, type Engine } from '../engine';
import { BoardPreview } from './BoardPreview';
import { ComputerMoveCheck } from './ComputerMoveCheck';
import { exampleBoard } from './exampleBoard';
import { GroupBreakdown } from './GroupBreakdown';
import { scoreDigits } from './score/format';

type EngineStatus = { state: 'loading' } | { state: 'ready'; engine: Engine } | { state: 'failed'; message: string };

/**
 * Stand-in home page until the game screens exist: proves the engine loads in the browser
 * by scoring the spec's 5×5 example board in every scoring mode.
 */
export function EngineCheckPage({ loadEngine }: { loadEngine: () => Promise<Engine> }) {
  const [status, setStatus] = useState<EngineStatus>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    loadEngine().then(
      (engine) => {
        if (current) setStatus({ state: 'ready', engine });
      },
      (error: unknown) => {
        if (current) setStatus({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [loadEngine]);

  return (
    <main className="engine-check">
      <h1>Cell Connection</h1>
      <p>Version 1.0.0</p>
      <BoardPreview board={exampleBoard} />
      {status.state === 'loading' && <p>Loading the game engine…</p>}
      {status.state === 'failed' && <p role="alert">Could not load the game engine: {status.message}</p>}
      {status.state === 'ready' && <ExampleScores engine={status.engine} />}
      <ComputerMoveCheck />
    </main>
  );
}

function ExampleScores({ engine }: { engine: Engine }) {
  const results = useMemo(
    () => SCORING_MECHANISMS.map((mechanism) => ({ mechanism, ...engine.score(exampleBoard, mechanism) })),
    [engine],
  );
  return (
    <table className="scores">
      <caption>Scores of the example board, computed by the engine</caption>
      <thead>
        <tr>
          <th scope="col">Scoring</th>
          <th scope="col">Player 1</th>
          <th scope="col">Player 2</th>
        </tr>
      </thead>
      <tbody>
        {results.map(({ mechanism, scores, groups }) => (
          <tr key={mechanism}>
            <th scope="row">{mechanism}</th>
            {([0, 1] as const).map((player) => (
              <td key={player}>
                <span className="score" data-testid={`score-${mechanism}-${player}`}>
                  {scoreDigits(scores[player])}
                </span>
                <GroupBreakdown groups={groups[player]} score={scores[player]} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

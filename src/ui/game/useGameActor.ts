/**
 * The page's game actor: restored from the device or started afresh, moves of
 * the computer from the Web Worker (or the AI development server), and saved
 * after every change.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise, type InspectionEvent } from 'xstate';
import type { AiMove, Engine } from '../../engine';
import { Thinker } from '../../engine/thinker';
import { spawnBrowserWorker } from '../../engine/worker-browser';
import { gameMachine, type AiTask } from '../../machines/game.machine';
import { serverMove } from '../../services/aiDevServer';
import { loadGame, loadSettings, saveGameState } from '../../services/storage';

export interface GameActorOptions {
  engine: Engine;
  /** In AI development mode, the server's model that plays. */
  serverModel: string | null;
  inspect?: ((event: InspectionEvent) => void) | undefined;
}

/** The computer's move: from the worker, or from the AI development server's model. */
function aiActor(thinker: Thinker) {
  return fromPromise<AiMove | null, AiTask>(async ({ input: { request, serverModel }, signal }) => {
    signal.addEventListener('abort', () => thinker.cancel());
    if (serverModel === null) return thinker.think(request);
    const cell = await serverMove(request, serverModel);
    return cell ? { cell, stats: { depth: 0, nodes: 0, elapsedMs: 0, nodesPerSecond: 0, value: 0, principalVariation: [cell] } } : null;
  });
}

export function useGameActor({ engine, serverModel, inspect }: GameActorOptions) {
  const [thinker] = useState(() => new Thinker(spawnBrowserWorker));
  useEffect(() => () => thinker.dispose(), [thinker]);
  const [machine] = useState(() => gameMachine.provide({ actors: { chooseAiMove: aiActor(thinker) } }));
  const [input] = useState(() => {
    const restored = loadGame(engine);
    const settings = restored?.settings ?? loadSettings();
    return { engine, settings, game: restored?.state, seed: Date.now() >>> 0, now: Date.now() };
  });
  const actor = useActorRef(machine, { input, ...(inspect ? { inspect } : {}) });
  useEffect(() => {
    actor.send({ type: 'ai.server', model: serverModel });
  }, [actor, serverModel]);
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => saveGameState(snapshot.context.game, snapshot.context.settings));
    return () => subscription.unsubscribe();
  }, [actor]);
  return actor;
}

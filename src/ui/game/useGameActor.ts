/**
 * The page's game actor: restored from the device or started afresh, moves of
 * the computer from the Web Worker (or the AI development server), and saved
 * after every change.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise, type InspectionEvent } from 'xstate';
import type { AiMove, Engine } from '../../engine';
import { Thinker } from '../../engine/thinker';
import { spawnBrowserWorker } from '../../engine/worker-browser';
import { initialSubmitted, scorePayload, shouldSubmitScore, submissionStep, type Submitter } from '../../game/submission';
import { gameMachine, type AiTask } from '../../machines/game.machine';
import { serverMove } from '../../services/aiDevServer';
import { loadGame, loadSettings, saveGameState } from '../../services/storage';
import { purchasesStore } from '../settings/purchases';

export interface GameActorOptions {
  engine: Engine;
  /** In AI development mode, the server's model that plays. */
  serverModel: string | null;
  inspect?: ((event: InspectionEvent) => void) | undefined;
  /** The signed-in player, whose finished games against the AI are submitted (SPEC §4). */
  user: Submitter | null;
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

export function useGameActor({ engine, serverModel, inspect, user }: GameActorOptions) {
  const [thinker] = useState(() => new Thinker(spawnBrowserWorker));
  useEffect(() => () => thinker.dispose(), [thinker]);
  const [machine] = useState(() => gameMachine.provide({ actors: { chooseAiMove: aiActor(thinker) } }));
  const [input] = useState(() => {
    // A locked build never starts a premium game from what this device saved (SPEC §5).
    const premiumUnlocked = purchasesStore().getState().hasUnlockedPremiumScoring;
    const restored = loadGame(engine, premiumUnlocked);
    const settings = restored?.settings ?? loadSettings(premiumUnlocked);
    return { engine, settings, game: restored?.state, now: Date.now() };
  });
  const actor = useActorRef(machine, { input, ...(inspect ? { inspect } : {}) });
  useEffect(() => {
    actor.send({ type: 'ai.server', model: serverModel });
  }, [actor, serverModel]);
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => saveGameState(snapshot.context.game, snapshot.context.settings));
    return () => subscription.unsubscribe();
  }, [actor]);
  useScoreSubmission(actor, user);
  return actor;
}

/**
 * Hands each finished game in once (SPEC §4 "Score submission"): when progress becomes over, a
 * signed-in player's game against the AI that someone won with a human score above 0 goes to
 * game_scores. A game already over when the page opens, or shown again by Show Results, is not
 * handed in again.
 */
function useScoreSubmission(actor: ReturnType<typeof useActorRef<typeof gameMachine>>, user: Submitter | null) {
  const userRef = useRef(user);
  useEffect(() => {
    userRef.current = user;
  });
  useEffect(() => {
    let handedIn = initialSubmitted(actor.getSnapshot().context.game);
    const subscription = actor.subscribe(({ context: { game, settings, playStartedAt, serverModel } }) => {
      const step = submissionStep(handedIn, game);
      handedIn = step.handedIn;
      const player = userRef.current;
      // The AI development server's model is not the game's computer: its moves cannot be replayed.
      if (step.handIn && player && serverModel === null && shouldSubmitScore(player, settings, game)) {
        const payload = scorePayload(player, settings, game, playStartedAt, Date.now());
        // supabase-js loads with it, off the game's first load (the auth service has it by now anyway).
        void import('../../services/scores').then(({ submitScore }) => submitScore(payload));
      }
    });
    return () => subscription.unsubscribe();
  }, [actor]);
}

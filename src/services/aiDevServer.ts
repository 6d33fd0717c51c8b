/**
 * The local AI development server (SPEC §7, port 5000), used when the game page
 * has ?aiDev=true: health, models, and moves from the chosen model.
 */
import { boardStateToJson, type AiRequest, type CellPosition } from '../engine';

export const AI_SERVER_URL = 'http://localhost:5000';

export const AI_SERVER_HINT = 'AI server not running... Start it with npm run ai-server';

export interface AiServerStatus {
  connected: boolean;
  models: string[];
}

async function getJson(path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(`${AI_SERVER_URL}${path}`, init);
  return response.json() as Promise<unknown>;
}

/** Whether the server answers, and the models it offers. */
export async function checkAiServer(): Promise<AiServerStatus> {
  try {
    const health = (await getJson('/health')) as { status?: unknown };
    if (health.status !== 'ok') return { connected: false, models: [] };
    const { models } = (await getJson('/models')) as { models?: unknown };
    const names = Array.isArray(models) ? models.filter((m): m is string => typeof m === 'string') : [];
    return { connected: true, models: names };
  } catch {
    return { connected: false, models: [] };
  }
}

/** The model's move, or an error with the spec's message. Fallbacks are the caller's. */
export async function serverMove(request: AiRequest, model: string): Promise<CellPosition | null> {
  let reply: unknown;
  try {
    reply = await getJson('/move', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        boardState: boardStateToJson(request.board),
        currentPlayer: request.player,
        model,
        scoringMechanism: request.mode,
        // Sent only under the rule: the spec's body is unchanged otherwise.
        ...(request.mirrorRule ? { mirrorRule: true } : {}),
      }),
    });
  } catch {
    throw new Error('Failed to connect to AI server');
  }
  const { success, move } = (reply ?? {}) as { success?: unknown; move?: { gridX?: unknown; gridY?: unknown } };
  if (success !== true || typeof move?.gridX !== 'number' || typeof move.gridY !== 'number') {
    throw new Error('Failed to get AI move');
  }
  return { gridX: move.gridX, gridY: move.gridY };
}

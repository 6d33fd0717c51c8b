/**
 * The AI dev server while a long search runs: the search has its own thread, so /health answers
 * at once, on a fresh connection or a kept-alive one, and a stalled upload is cut.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WAITING, workerSearcher } from './searcher';
import { post, startAiServer, type RunningServer } from './ai-server.testkit';

const empty10 = { occupiedCells: [[], []], gridWidth: 10, gridHeight: 10 };
const longSearch = { boardState: empty10, currentPlayer: 0, model: 'expert', scoringMechanism: 'connection', timeMs: 4_000 };

function get(url: string, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the AI dev server during a long search', () => {
  let ai: RunningServer;
  beforeAll(async () => {
    ai = await startAiServer({ searcher: workerSearcher(), requestTimeoutMs: 1_000 });
  });
  afterAll(async () => {
    await ai?.stop();
  });

  it('answers /health on a kept-alive connection before an Expert search ends', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(`${ai.url}/health`, agent)).toEqual({ status: 200, body: '{"status":"ok"}' });
      let searched = false;
      const search = post(ai.url, '/move', longSearch).then((reply) => {
        searched = true;
        return reply;
      });
      // The same socket as before: kept alive across the search, not reset.
      const health = await get(`${ai.url}/health`, agent);
      expect(health.status).toBe(200);
      expect(searched).toBe(false);
      expect((await search).body).toMatchObject({ success: true });
    } finally {
      agent.destroy();
    }
  });

  it(`answers 503 with Retry-After past ${MAX_WAITING} waiting searches`, async () => {
    const replies = await Promise.all(Array.from({ length: MAX_WAITING + 3 }, () => post(ai.url, '/move', { ...longSearch, timeMs: 1_000 })));
    const busy = replies.filter((reply) => reply.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(2);
    expect(busy[0]!.headers.get('retry-after')).toBe('5');
    expect(replies.filter((reply) => reply.status === 200).length + busy.length).toBe(MAX_WAITING + 3);
  });

  it('cuts an upload that stalls before its body ends, answering 408', async () => {
    const { port } = new URL(ai.url);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write('POST /move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"boardState":');
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

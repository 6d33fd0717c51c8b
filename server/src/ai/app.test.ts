/**
 * The AI dev server over HTTP with the real engine (SPEC §7 "Local AI development server").
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from './body';
import { workerSearcher } from './searcher';
import { call, post, startAiServer, type RunningServer } from './ai-server.testkit';

/** The spec's annotated 5×5 example board. */
const example = {
  occupiedCells: [
    ['0-0', '1-0', '0-1', '1-1', '4-0', '4-1', '4-2'],
    ['0-4', '1-4', '2-4', '3-4', '4-4', '2-1', '2-2'],
  ],
  gridWidth: 5,
  gridHeight: 5,
};
const taken = new Set(example.occupiedCells.flat());
const freeCells = Array.from({ length: 25 }, (_, i) => `${i % 5}-${Math.floor(i / 5)}`).filter((key) => !taken.has(key));
const payload = { boardState: example, currentPlayer: 0, model: 'easy', scoringMechanism: 'connection' };

let ai: RunningServer;

beforeAll(async () => {
  ai = await startAiServer({ searcher: workerSearcher() });
});

afterAll(async () => {
  await ai.stop();
});

interface MoveBody {
  success: boolean;
  move?: { gridX: number; gridY: number };
  error?: string;
}

async function moveFor(body: object): Promise<MoveBody> {
  const reply = await post(ai.url, '/move', body);
  expect(reply.status).toBe(200);
  return reply.body as MoveBody;
}

describe('GET /health and /models', () => {
  it('says the server is up', async () => {
    const reply = await call(ai.url, '/health');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.body).toEqual({ status: 'ok' });
  });

  it('lists the models, easiest first', async () => {
    expect(await call(ai.url, '/models')).toMatchObject({ status: 200, body: { models: ['easy', 'medium', 'hard', 'expert'] } });
  });
});

describe('POST /move', () => {
  it('answers a free cell on the grid for every model and both players', async () => {
    for (const model of ['easy', 'medium', 'hard', 'expert']) {
      for (const currentPlayer of [0, 1]) {
        const body = await moveFor({ ...payload, model, currentPlayer, timeMs: 50 });
        expect(body.success, model).toBe(true);
        expect(Object.keys(body).sort()).toEqual(['move', 'success']);
        expect(freeCells, `${model} for player ${currentPlayer}`).toContain(`${body.move?.gridX}-${body.move?.gridY}`);
      }
    }
  });

  it('gives the same move for the same seed', async () => {
    for (const model of ['easy', 'medium', 'hard']) {
      for (const scoringMechanism of ['connection', 'expansion', 'extension']) {
        const request = { ...payload, model, scoringMechanism, seed: 123_456_789 };
        expect(await moveFor(request), `${model} ${scoringMechanism}`).toEqual(await moveFor(request));
      }
    }
  });

  it('keeps to "mirrorRule": true: no model answers the first move with its copy, and /evaluate leaves the copies out', async () => {
    // 6×6, the first player took c2: its five images under the board's symmetries.
    const opening = { occupiedCells: [['2-1'], []], gridWidth: 6, gridHeight: 6 };
    const copies = ['3-4', '3-1', '2-4', '1-2', '4-3'];
    const ruled = { ...payload, boardState: opening, currentPlayer: 1, mirrorRule: true, timeMs: 50 };
    for (const model of ['easy', 'medium', 'hard', 'expert']) {
      const body = await moveFor({ ...ruled, model, seed: 7 });
      expect(copies, model).not.toContain(`${body.move?.gridX}-${body.move?.gridY}`);
    }
    // Without the rule Expert copies (the second player's drawing answer).
    const unruled = await moveFor({ ...ruled, model: 'expert', mirrorRule: false, seed: 7 });
    expect(copies).toContain(`${unruled.move?.gridX}-${unruled.move?.gridY}`);
    const reply = await post(ai.url, '/evaluate', ruled);
    const keys = (reply.body as { evaluations: { gridX: number; gridY: number }[] }).evaluations.map((e) => `${e.gridX}-${e.gridY}`);
    expect(keys).toHaveLength(36 - 1 - copies.length);
    for (const copy of copies) expect(keys).not.toContain(copy);
  });

  it('reports a full board as no move, not as an error', async () => {
    const full = { occupiedCells: [['0-0', '1-1'], ['1-0', '0-1']], gridWidth: 2, gridHeight: 2 };
    for (const model of ['easy', 'expert']) {
      expect(await moveFor({ ...payload, model, boardState: full, timeMs: 50 })).toEqual({ success: false, error: 'No free cell left' });
    }
  });
});

describe('POST /evaluate', () => {
  it('evaluates each free cell once, with the hold-and-drag prediction', async () => {
    const reply = await post(ai.url, '/evaluate', payload);
    expect(reply.status).toBe(200);
    const body = reply.body as { success: boolean; evaluations: Record<string, number | string>[] };
    expect(body.success).toBe(true);
    const keys = body.evaluations.map((entry) => `${entry.gridX}-${entry.gridY}`);
    expect([...keys].sort()).toEqual([...freeCells].sort());
    for (const entry of body.evaluations) {
      expect(Object.keys(entry).sort()).toEqual(['gridX', 'gridY', 'net', 'opponentGain', 'playerGain', 'value']);
      // Exact gains come as decimal strings (every digit, past 2^53 on large boards); the heuristic value as a number.
      for (const key of ['playerGain', 'opponentGain', 'net']) expect(entry[key]).toMatch(/^-?(0|[1-9][0-9]*)$/);
      expect(typeof entry.value === 'number' && Number.isFinite(entry.value)).toBe(true);
      expect(BigInt(entry.net!)).toBe(BigInt(entry.playerGain!) - BigInt(entry.opponentGain!));
    }
    expect(body.evaluations.find((entry) => entry.gridX === 3 && entry.gridY === 0)).toMatchObject({
      playerGain: '4',
      opponentGain: '5',
      net: '-1',
    });
  });

  it('answers an empty list on a full board', async () => {
    const full = { occupiedCells: [['0-0', '1-1'], ['1-0', '0-1']], gridWidth: 2, gridHeight: 2 };
    expect((await post(ai.url, '/evaluate', { ...payload, boardState: full })).body).toEqual({ success: true, evaluations: [], exact: null });
  });

  it("gives the exact endgame values where the solver reaches: the best move's value is the position's", async () => {
    const body = (await post(ai.url, '/evaluate', payload)).body as {
      exact: { value: string; best: { gridX: number; gridY: number }; cells: { gridX: number; gridY: number; value: string }[] };
    };
    const { value, best, cells } = body.exact;
    expect(cells.map((c) => `${c.gridX}-${c.gridY}`).sort()).toEqual([...freeCells].sort());
    expect(cells.map((c) => BigInt(c.value)).reduce((a, b) => (a > b ? a : b)).toString()).toBe(value);
    expect(cells.find((c) => c.gridX === best.gridX && c.gridY === best.gridY)?.value).toBe(value);
    // One cell left: its exact value is the final score difference after taking it.
    const lastFree = freeCells[0]!;
    const almostFull = {
      ...example,
      occupiedCells: [example.occupiedCells[0]!, [...example.occupiedCells[1]!, ...freeCells.slice(1)]],
    };
    const last = (await post(ai.url, '/evaluate', { ...payload, boardState: almostFull })).body as typeof body;
    const [x, y] = lastFree.split('-').map(Number);
    expect(last.exact.cells).toEqual([{ gridX: x, gridY: y, value: last.exact.value }]);
  });
});

describe('malformed requests', () => {
  const cases: [string, unknown, RegExp][] = [
    ['invalid JSON', '{"boardState": ', /^invalid JSON/],
    ['an empty body', '', /^request body is empty/],
    ['a body that is not an object', '[1, 2]', /^request body must be a JSON object/],
    ['bytes that are not UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), /^request body is not valid UTF-8/],
    ['no board', { ...payload, boardState: undefined }, /^boardState is missing/],
    ['a bad board', { ...payload, boardState: { ...example, gridHeight: 1 } }, /^boardState: board size 5x1 is outside/],
    ['a bad cell key', { ...payload, boardState: { ...example, occupiedCells: [['a-b'], []] } }, /^boardState: bad cell key "a-b"/],
    ['no player', { ...payload, currentPlayer: undefined }, /^currentPlayer is missing/],
    ['a bad player', { ...payload, currentPlayer: 2 }, /^currentPlayer must be 0 or 1, got 2$/],
    ['no model', { ...payload, model: undefined }, /^model is missing/],
    ['an unknown model', { ...payload, model: 'x' }, /^unknown model "x": expected one of easy, medium, hard, expert$/],
    ['no scoring mechanism', { ...payload, scoringMechanism: undefined }, /^scoringMechanism is missing/],
    ['an unknown scoring mechanism', { ...payload, scoringMechanism: 'sideways' }, /^unknown scoring mechanism "sideways"/],
    ['a bad seed', { ...payload, seed: -1 }, /^seed must be a whole number/],
    ['a bad time budget', { ...payload, timeMs: 0 }, /^timeMs must be a whole number from 1 to 60000/],
    ['a mirror rule that is not a boolean', { ...payload, mirrorRule: 1 }, /^mirrorRule must be true or false, got 1$/],
  ];

  for (const [name, body, message] of cases) {
    it(`answers ${name} with 400 and says what is wrong`, async () => {
      for (const path of ['/move', '/evaluate']) {
        const reply = await post(ai.url, path, body);
        expect(reply.status, path).toBe(400);
        expect(reply.body).toEqual({ success: false, error: expect.stringMatching(message) });
      }
    });
  }

  it('answers a body over 1 MB with 413, and takes one of exactly 1 MB', async () => {
    const tooLarge = await post(ai.url, '/move', ' '.repeat(MAX_BODY_BYTES + 1));
    expect(tooLarge).toMatchObject({ status: 413, body: { success: false, error: `request body is larger than ${MAX_BODY_BYTES} bytes` } });
    const json = JSON.stringify(payload);
    const padded = json + ' '.repeat(MAX_BODY_BYTES - json.length);
    expect(await post(ai.url, '/move', padded)).toMatchObject({ status: 200, body: { success: true } });
  });

  it('survives a client that hangs up in the middle of a body', async () => {
    const { port } = new URL(ai.url);
    await new Promise<void>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/move', method: 'POST', headers: { 'Content-Length': '1000' } });
      req.on('error', () => resolve());
      req.write('{"boardState":', () => setTimeout(() => req.destroy(), 20));
      req.on('close', () => resolve());
    });
    expect((await call(ai.url, '/health')).body).toEqual({ status: 'ok' });
  });
});

describe('routes, methods and CORS', () => {
  it('answers an unknown route with 404 JSON', async () => {
    for (const path of ['/', '/nope', '/move/extra', '/constructor']) {
      const reply = await call(ai.url, path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toMatchObject({ success: false, error: expect.stringContaining('no route') });
    }
  });

  it('answers a malformed path with 400 JSON', async () => {
    const reply = await call(ai.url, '/%E0%A4%A');
    expect(reply).toMatchObject({ status: 400, body: { success: false, error: 'bad request path: malformed percent-encoding' } });
  });

  it('answers a wrong method with 405 JSON and the allowed ones', async () => {
    const cases: [string, string, string][] = [
      ['GET', '/move', 'POST, OPTIONS'],
      ['PUT', '/evaluate', 'POST, OPTIONS'],
      ['POST', '/health', 'GET, OPTIONS'],
      ['DELETE', '/models', 'GET, OPTIONS'],
    ];
    for (const [method, path, allow] of cases) {
      const reply = await call(ai.url, path, { method });
      expect(reply.status, `${method} ${path}`).toBe(405);
      expect(reply.headers.get('allow')).toBe(allow);
      expect(reply.body).toMatchObject({ success: false, error: expect.stringContaining(method) });
    }
  });

  it("answers a CORS preflight from the game's own origin with 204, naming that origin", async () => {
    const response = await fetch(`${ai.url}/move`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3001',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3001');
    expect(response.headers.get('vary')).toBe('Origin');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('Content-Type');
    expect(await response.text()).toBe('');
  });

  it('refuses any other web page with 403 before doing anything, and never grants private-network access', async () => {
    for (const [path, init] of [
      ['/health', {}],
      ['/move', { method: 'POST', body: JSON.stringify({ ...payload, model: 'expert', timeMs: 60_000 }) }],
      ['/health', { method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Private-Network': 'true' } }],
    ] as const) {
      const response = await fetch(ai.url + path, { ...init, headers: { ...('headers' in init ? init.headers : {}), Origin: 'https://evil.example' } });
      expect(response.status, path).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-private-network')).toBeNull();
      expect(await response.json()).toEqual({ success: false, error: 'origin https://evil.example is not allowed: set AI_ALLOWED_ORIGINS' });
    }
  });

  it("names the game's origin on every answer to it, and no origin to a request without one", async () => {
    for (const [path, init] of [
      ['/health', {}],
      ['/models', {}],
      ['/move', { method: 'POST', body: JSON.stringify(payload) }],
      ['/nope', {}],
    ] as const) {
      const fromGame = await fetch(ai.url + path, { ...init, headers: { Origin: 'http://127.0.0.1:5173' } });
      expect(fromGame.headers.get('access-control-allow-origin'), path).toBe('http://127.0.0.1:5173');
      const fromScript = await fetch(ai.url + path, init);
      expect(fromScript.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});

import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult = { ok: true; value: unknown } | { ok: false; status: 400 | 413; error: string };

/**
 * Reads a request body as JSON. Past `limit` bytes the rest is drained and dropped, not
 * buffered, and the answer waits for the end of the body: replying while the client is still
 * uploading makes it see a reset connection instead of the 413.
 * Rejects only when the connection breaks before the body ends.
 */
export function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('request closed before its body ended'));
    });
    req.on('end', () => {
      if (size > limit) {
        resolve({ ok: false, status: 413, error: `request body is larger than ${limit} bytes` });
      } else {
        resolve(parseJson(Buffer.concat(chunks)));
      }
    });
  });
}

function parseJson(bytes: Buffer): BodyResult {
  if (bytes.length === 0) return { ok: false, status: 400, error: 'request body is empty: expected a JSON object' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 400, error: 'request body is not valid UTF-8' };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, status: 400, error: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

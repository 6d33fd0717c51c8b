/**
 * Whether an error means the database cannot be reached (down, restarting, refusing
 * connections), which a request answers with 503, rather than a fault in the request or the code.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs: admin or crash shutdown, cannot connect now, too many connections, out of resources. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53000', '53100', '53200']);
const DRIVER_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /connection error/i, /Cannot use a pool after calling end/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // AggregateError (several addresses refused) and wrapped causes.
  const nested = (error as { errors?: unknown[]; cause?: unknown }).errors ?? [(error as { cause?: unknown }).cause];
  return nested.some((inner) => inner !== undefined && inner !== error && isDatabaseUnavailable(inner));
}

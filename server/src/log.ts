/**
 * Log lines that are safe to keep: an error's kind, code and message, never its parameters,
 * query, stack of values or a whole e-mail. Database errors from a driver can carry the row
 * that failed (an e-mail, a password hash); only the message and SQLSTATE are printed, with any
 * e-mail in them masked.
 */
import { logger } from './logger';

const EMAIL = /([\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]*@([\p{L}\p{N}.-]+)/gu;

/** alice@example.com → a***@example.com */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, (_match, first: string, domain: string) => `${first}***@${domain}`);
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return maskEmails(String(error)).slice(0, 300);
  const code = (error as { code?: unknown }).code;
  return maskEmails(`${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`).slice(0, 300);
}

export function logFailure(where: string, error: unknown): void {
  logger.error(`${where} failed: ${describeError(error)}`);
}

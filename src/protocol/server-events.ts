/**
 * Parsing the server → client events from `unknown` into their typed payloads, once, where they
 * enter the page (ARCHITECTURE.md rule 4), with the schema of each (./schemas SERVER_EVENTS). A
 * failure names the event and the field; the caller drops the event.
 */
import { SERVER_EVENT_NAMES } from './events';
import type { ServerEventName, ServerEventPayload } from './messages';
import { SERVER_EVENTS, parseWith, show } from './schemas';

export type { ServerEventName, ServerEventPayload } from './messages';
/** A server event as a typed message: its protocol name and its parsed payload. */
export type ServerEventMessage = { [K in ServerEventName]: { type: K; payload: ServerEventPayload<K> } }[ServerEventName];
export type ParsedServerEvent = { ok: true; message: ServerEventMessage } | { ok: false; error: string };

const NAMES: readonly string[] = SERVER_EVENT_NAMES;
export const isServerEventName = (name: string): name is ServerEventName => NAMES.includes(name);

function parseNamed<K extends ServerEventName>(name: K, payload: unknown): ParsedServerEvent {
  const parsed = parseWith(SERVER_EVENTS[name], payload);
  if (!parsed.ok) return { ok: false, error: `${name}: ${parsed.error}` };
  // The schema of `name` gives the payload of `name`; TypeScript cannot correlate the two through K.
  return { ok: true, message: { type: name, payload: parsed.value } as ServerEventMessage };
}

/** One server event: its name and payload, or an error naming the event and the problem. */
export function parseServerEvent(name: string, payload: unknown): ParsedServerEvent {
  if (!isServerEventName(name)) return { ok: false, error: `unknown server event ${show(name)}` };
  return parseNamed(name, payload);
}

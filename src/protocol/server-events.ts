/**
 * Parsing the server → client events (ServerToClientEvents) from `unknown` into their typed
 * payloads, once, where they enter the page (ARCHITECTURE.md rule 4), with the schema of each
 * (SERVER_EVENT_SCHEMAS). A failure names the event and the field; the caller drops the event.
 */
import { SERVER_EVENTS, type ServerToClientEvents } from './messages';
import { SERVER_EVENT_SCHEMAS, parseWith, show } from './schemas';

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<K extends ServerEventName> = Parameters<ServerToClientEvents[K]>[0];
/** A server event as a typed message: its protocol name and its parsed payload. */
export type ServerEventMessage = { [K in ServerEventName]: { type: K; payload: ServerEventPayload<K> } }[ServerEventName];
export type ParsedServerEvent = { ok: true; message: ServerEventMessage } | { ok: false; error: string };

const SERVER_EVENT_NAMES: readonly string[] = Object.values(SERVER_EVENTS);
export const isServerEventName = (name: string): name is ServerEventName => SERVER_EVENT_NAMES.includes(name);

function parseNamed<K extends ServerEventName>(name: K, payload: unknown): ParsedServerEvent {
  const parsed = parseWith(SERVER_EVENT_SCHEMAS[name], payload);
  if (!parsed.ok) return { ok: false, error: `${name}: ${parsed.error}` };
  // The schema of `name` gives the payload of `name`; TypeScript cannot correlate the two through K.
  return { ok: true, message: { type: name, payload: parsed.value } as ServerEventMessage };
}

/** One server event: its name and payload, or an error naming the event and the problem. */
export function parseServerEvent(name: string, payload: unknown): ParsedServerEvent {
  if (!isServerEventName(name)) return { ok: false, error: `unknown server event ${show(name)}` };
  return parseNamed(name, payload);
}

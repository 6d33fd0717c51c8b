/**
 * The names of the protocol's events, read off its two tables (./schemas: CLIENT_EVENTS and
 * SERVER_EVENTS), for whoever handles or hears them all: the server's transport, the page's
 * listeners, the tests that go through every event.
 */
import type { ClientEventName, ServerEventName } from './messages';
import { CLIENT_EVENTS, SERVER_EVENTS } from './schemas';

/** A table's keys as its own key type (Object.keys types them as plain strings). */
const namesOf = <T extends object>(table: T) => Object.keys(table) as (keyof T & string)[];

export const CLIENT_EVENT_NAMES: readonly ClientEventName[] = namesOf(CLIENT_EVENTS);
export const SERVER_EVENT_NAMES: readonly ServerEventName[] = namesOf(SERVER_EVENTS);

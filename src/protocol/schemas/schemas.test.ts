// The protocol's two tables of events are the protocol: the event lists, the socket.io maps
// and the parsers all come from them, and socket.io is typed by them at both ends.
// (The type checks here are made by `tsc`; vitest runs the rest.)
import type { Socket as ClientSocket } from 'socket.io-client';
import type { Server } from 'socket.io';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CLIENT_EVENT_NAMES, SERVER_EVENT_NAMES } from '../events';
import type { Ack, AckOf, ClientEventName, ClientToServerEvents, EnteredRoom, InterServerEvents, ServerEventName, ServerToClientEvents } from '../messages';
import { parseAck, parseClientPayload } from '../parse';
import { parseServerEvent } from '../server-events';

describe('the event tables', () => {
  it('name each event once, with its family before the colon', () => {
    for (const names of [CLIENT_EVENT_NAMES, SERVER_EVENT_NAMES]) {
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^(room|game|lobby|pool|server):[a-z][A-Za-z]+$/);
    }
    expect(CLIENT_EVENT_NAMES).toContain('game:move');
    expect(SERVER_EVENT_NAMES).toContain('game:moveMade');
  });

  it('give every event a parser for its payload and its acknowledgement', () => {
    for (const event of CLIENT_EVENT_NAMES) {
      expect(parseClientPayload(event, 'not an object').ok, event).toBe(false);
      expect(parseAck(event, { success: false, error: 'Room not found' }), event).toEqual({ success: false, error: 'Room not found' });
      expect(parseAck(event, { success: 'yes' }), event).toMatchObject({ success: false, error: expect.stringContaining(`Malformed acknowledgement of ${event}`) });
    }
    for (const event of SERVER_EVENT_NAMES) expect(parseServerEvent(event, 'not an object').ok, event).toBe(false);
  });

  it('type the acknowledgements as the page reads them', () => {
    expectTypeOf<AckOf<'room:create'>>().toExtend<Ack<EnteredRoom>>();
    expectTypeOf<AckOf<'game:move'>>().toExtend<Ack<object>>();
    expectTypeOf<Ack<{ rated: boolean }>>().toExtend<AckOf<'pool:join'>>();
  });

  it('type socket.io at both ends', () => {
    type GameIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, { playerId?: string }>;
    expectTypeOf<Parameters<GameIo['emit']>[0]>().toEqualTypeOf<ServerEventName>();
    type PageSocket = ClientSocket<ServerToClientEvents, ClientToServerEvents>;
    expectTypeOf<Parameters<PageSocket['emit']>[0]>().toEqualTypeOf<ClientEventName>();
  });
});

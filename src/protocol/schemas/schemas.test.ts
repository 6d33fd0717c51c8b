// The schemas and the protocol's event lists and interfaces describe the same protocol.
// (The type checks here are made by `tsc`; vitest runs the rest.)
import type { Socket as ClientSocket } from 'socket.io-client';
import type { Server } from 'socket.io';
import type * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  type Ack,
  type AckOf,
  type ClientEventName,
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerToClientEvents,
} from '../messages';
import { ACK_SCHEMAS, CLIENT_PAYLOAD_SCHEMAS, SERVER_EVENT_SCHEMAS } from './index';

type ClientPayloads = { [E in ClientEventName]: Parameters<ClientToServerEvents[E]>[0] };
type ClientPayloadOutputs = { [E in ClientEventName]: v.InferOutput<(typeof CLIENT_PAYLOAD_SCHEMAS)[E]> };
type ServerPayloads = { [E in keyof ServerToClientEvents]: Parameters<ServerToClientEvents[E]>[0] };
type ServerPayloadOutputs = { [E in keyof ServerToClientEvents]: v.InferOutput<(typeof SERVER_EVENT_SCHEMAS)[E]> };
/** The acknowledgement an event's interface promises, as the generic Ack. */
type DeclaredAck<E extends ClientEventName> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

describe('schemas', () => {
  it('cover exactly the protocol’s events', () => {
    const names = (o: object) => Object.keys(o).sort();
    expect(names(CLIENT_PAYLOAD_SCHEMAS)).toEqual(Object.values(CLIENT_EVENTS).sort());
    expect(names(ACK_SCHEMAS)).toEqual(Object.values(CLIENT_EVENTS).sort());
    expect(names(SERVER_EVENT_SCHEMAS)).toEqual(Object.values(SERVER_EVENTS).sort());
  });

  it('give the payload types the event interfaces declare', () => {
    expectTypeOf<ClientPayloadOutputs>().toEqualTypeOf<ClientPayloads>();
    expectTypeOf<ServerPayloadOutputs>().toEqualTypeOf<ServerPayloads>();
    // Each acknowledgement schema's output and the interface's Ack<…> accept the same values.
    expectTypeOf<{ [E in ClientEventName]: AckOf<E> }>().toExtend<{ [E in ClientEventName]: DeclaredAck<E> }>();
    expectTypeOf<{ [E in ClientEventName]: DeclaredAck<E> }>().toExtend<{ [E in ClientEventName]: AckOf<E> }>();
    expectTypeOf<AckOf<'game:move'>>().toExtend<Ack<object>>();
  });

  it('type socket.io at both ends', () => {
    type GameIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, { playerId?: string }>;
    expectTypeOf<Parameters<GameIo['emit']>[0]>().toEqualTypeOf<keyof ServerToClientEvents>();
    type PageSocket = ClientSocket<ServerToClientEvents, ClientToServerEvents>;
    expectTypeOf<Parameters<PageSocket['emit']>[0]>().toEqualTypeOf<ClientEventName>();
  });
});

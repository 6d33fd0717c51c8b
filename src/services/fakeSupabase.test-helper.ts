/**
 * A stand-in for the Supabase client in unit tests: records every builder call and answers
 * each table or function with the response given for it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export interface FakeResponse {
  data: unknown;
  error: { message: string } | null;
}

export interface RecordedQuery {
  table: string;
  calls: [string, ...unknown[]][];
}

export interface FakeClient {
  client: SupabaseClient;
  queries: RecordedQuery[];
  rpcs: { name: string; args: unknown }[];
}

type Answer = FakeResponse | ((query: RecordedQuery) => FakeResponse);

export function fakeClient(answers: { tables?: Record<string, Answer>; rpcs?: Record<string, Answer> }): FakeClient {
  const queries: RecordedQuery[] = [];
  const rpcs: { name: string; args: unknown }[] = [];
  const answer = (given: Answer | undefined, query: RecordedQuery): FakeResponse => {
    if (given === undefined) return { data: null, error: { message: `no answer for ${query.table}` } };
    return typeof given === 'function' ? given(query) : given;
  };
  const client = {
    from(table: string) {
      const query: RecordedQuery = { table, calls: [] };
      queries.push(query);
      const builder: Record<string, unknown> = {};
      for (const method of ['select', 'eq', 'in', 'or', 'order', 'limit']) {
        builder[method] = (...args: unknown[]) => {
          query.calls.push([method, ...args]);
          return builder;
        };
      }
      builder.then = (resolve: (value: FakeResponse) => unknown, reject: (reason: unknown) => unknown) =>
        Promise.resolve(answer(answers.tables?.[table], query)).then(resolve, reject);
      return builder;
    },
    rpc(name: string, args: unknown) {
      rpcs.push({ name, args });
      return Promise.resolve(answer(answers.rpcs?.[name], { table: `rpc:${name}`, calls: [] }));
    },
  };
  return { client: client as unknown as SupabaseClient, queries, rpcs };
}

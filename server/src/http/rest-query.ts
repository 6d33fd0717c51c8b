/**
 * The data API's query string, checked at the edge before PostgREST sees it. PostgREST turns a
 * `select`, a filter's column, an `order` or an `or`/`and` tree into SQL of the same depth, and some
 * depths hurt: a `select` of about 300 `->` steps put the embedded database into a loop that froze
 * every game on the node. So each kind of nesting has a ceiling, answered 400 in PostgREST's shape,
 * and the URL must be well-formed UTF-8 percent-encoding (PostgREST answers a lone surrogate 500).
 *
 * The ceilings sit far above anything the game's client sends (src/services/*.ts): no JSON paths,
 * no embedded resources, one flat `or` of two filters (a profile's games), and at most about 2 KB
 * of query string (the leaderboard's names: `id=in.(…)` of 50 ids).
 */

export const QUERY_LIMITS = {
  /** Bytes of query string: four times the client's longest. */
  queryBytes: 8 * 1024,
  /** `->`/`->>` steps in one parameter (`data->a->>b` is 2). */
  jsonPathSteps: 8,
  /** Embedded resources in `select` (`a(b(c))` is 3): every one is a sub-query. */
  selectGroups: 8,
  /** Groups in an `or`/`and` tree, `in` lists included (`or=(a.eq.1,and(b.eq.2,c.in.(3,4)))` is 3). */
  logicGroups: 16,
  /** `not.` in a row before a filter's operator (PostgREST itself takes one). */
  notChain: 1,
};

/*
 * Counted, not measured: a parameter's nesting is at most its number of `(`, and a column's JSON
 * path at most the parameter's number of `->`, however PostgREST reads quotes inside it. Depth
 * measured by a parser of our own could be fooled wherever its idea of a quoted string differed.
 */
const count = (text: string, part: string) => text.split(part).length - 1;

export interface QueryRefusal {
  code: 'PGRST100';
  message: string;
  details: string | null;
  hint: string | null;
}

const refuse = (message: string, details: string | null = null, hint: string | null = null): QueryRefusal => ({ code: 'PGRST100', message, details, hint });

/** `or`, `and`, `not.or`, `actors.or`, `actors.not.and`: a logic tree's parameter. */
const LOGIC_KEY = /(?:^|\.)(?:not\.)?(?:or|and)$/;
/** `order`, `actors.order`. */
const ORDER_KEY = /(?:^|\.)order$/;
/** Parameters that name no column and hold no expression. */
const PLAIN_KEYS = new Set(['limit', 'offset', 'columns', 'on_conflict', 'apikey']);

/** Percent-decodes a query string's key or value (`+` is a space), or undefined if it is not valid UTF-8 percent-encoding. */
function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** Why the data API refuses this request target (`req.url`), or undefined when PostgREST may have it. */
export function refuseRestQuery(url: string): QueryRefusal | undefined {
  // Printable ASCII only: other bytes must be percent-encoded (RFC 3986), and PostgREST answers 500 to raw ones.
  if (/[^\x21-\x7e]/.test(url)) return refuse('The URL may hold only printable ASCII: percent-encode other characters as UTF-8');
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (decode(path) === undefined) return refuse('Malformed percent-encoding in the path: %XX escapes must spell UTF-8 text');
  if (mark === -1) return undefined;
  const query = url.slice(mark + 1);
  if (query.length > QUERY_LIMITS.queryBytes) {
    return refuse(`Query string too long: at most ${QUERY_LIMITS.queryBytes} bytes`, `It has ${query.length} bytes.`);
  }
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    const value = decode(equals === -1 ? '' : pair.slice(equals + 1));
    if (key === undefined || value === undefined) {
      return refuse('Malformed percent-encoding in the query string: %XX escapes must spell UTF-8 text', `In the parameter ${JSON.stringify(pair.slice(0, 60))}.`);
    }
    const refusal = refuseParameter(key, value);
    if (refusal) return refusal;
  }
  return undefined;
}

function refuseParameter(key: string, value: string): QueryRefusal | undefined {
  if (PLAIN_KEYS.has(key)) return undefined;
  const where = `In the parameter ${JSON.stringify(key.slice(0, 60))}.`;
  const isSelect = key === 'select';
  const isLogic = LOGIC_KEY.test(key);
  // A filter's key is a column, maybe with a JSON path; a filter's value is an operator and a literal.
  const expression = isSelect || isLogic || ORDER_KEY.test(key);
  if (count(key, '->') + (expression ? count(value, '->') : 0) > QUERY_LIMITS.jsonPathSteps) {
    return refuse(`JSON path too deep: at most ${QUERY_LIMITS.jsonPathSteps} steps (-> or ->>) in one parameter`, where);
  }
  if (isSelect && count(value, '(') > QUERY_LIMITS.selectGroups) {
    return refuse(`Too many embedded resources: at most ${QUERY_LIMITS.selectGroups} in select`, where);
  }
  if (isLogic && count(value, '(') > QUERY_LIMITS.logicGroups) {
    return refuse(`Logic tree too large: at most ${QUERY_LIMITS.logicGroups} groups of or/and/in`, where);
  }
  const nots = expression ? 0 : (/^(?:not\.)*/.exec(value)?.[0].length ?? 0) / 'not.'.length;
  if (nots > QUERY_LIMITS.notChain) return refuse(`Too many not. in a row: at most ${QUERY_LIMITS.notChain}`, where);
  return undefined;
}

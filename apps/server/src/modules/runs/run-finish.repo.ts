import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { fromJson, jsonParam } from '../../db/json-rows';
import { preparedStatement } from '../../db/prepared';
import { reqLogs, runs } from '../../db/schema/index';
import { coalescing } from '../../lib/coalescing';
import { isTransient } from '../../lib/persistently';
import type { TReqLogToPrice } from '../models/models.repo';
import { signalOf, signalRun } from './run-signals';
import {
  insertEventRows,
  insertReqLogRows,
  nodeStateRows,
  runIdOfEvent,
  runIdOfState,
  storedReqLogsOf,
  upsertNodeStates,
  type TStoredEvent,
} from './run-writes';

type TRunRow = typeof runs.$inferSelect;
type TReqLogRow = typeof reqLogs.$inferSelect;
type TFinished = { row: TRunRow | undefined; logs: TReqLogRow[] };

// A statement ends at most this many runs, with at most about this much JSON (their events and
// outputs): a burst of ends is a few statements, and no statement grows without bound.
const MAX_RUNS = 100;
const MAX_JSON_CHARS = 1_000_000;

// The run's stored end as JSON, for its `done` signal to carry to its waiters (`runFromSignal`);
// none when it would not fit a notification's 8,000 bytes: they read it then.
const endedRow = sql`(select t from (select to_jsonb(${runs})::text as t) r where octet_length(t) < 7000)`;

/**
 * The statement of `finishRun`, built once per database: the ends of several runs, each a row of
 * one JSON value (`ends`), with their events, node states and request-log rows (each kind one
 * JSON value for all the runs) or, when there are none, the runs' rows alone (a run whose events
 * cannot be stored is ended without them). Each run's row is ended only while its `owner` still
 * holds it; its events and rows are stored either way (they are the same whoever stores them).
 * Each ended run sends its `done` signal if asked, at commit.
 */
const finishStatement = (writing: boolean) =>
  preparedStatement((db) => {
    const p = sql.placeholder;
    const endedId = sql`${runs.id}`;
    const signalled = signalOf(db, 'done', endedId, endedRow);
    const ends = db.$with('ends', {}).as(
      sql`select * from jsonb_to_recordset(${p('ends')}::jsonb) as f(id uuid, owner text,
        status text, error text, outputs jsonb, seq int, at timestamptz, signal boolean)`,
    );
    // Each kind of row one value for all the runs, not one per run: PostgreSQL guesses a hundred
    // rows for each JSON value it expands, and for a value per run (a hundred runs of a hundred)
    // it would compile the statement to machine code (JIT), which costs more than all it does.
    const writes = [
      db.$with('w0', {}).as(insertEventRows(runIdOfEvent, p('events'))),
      db.$with('w1', {}).as(upsertNodeStates(runIdOfState, p('states'))),
      db.$with('logs', {}).as(insertReqLogRows(p('logs'))),
    ];
    return (
      db
        .with(ends, ...(writing ? writes : []))
        .update(runs)
        .set({
          status: sql`f.status`,
          error: sql`f.error`,
          outputs: sql`f.outputs`,
          seq: sql`f.seq`,
          finishedAt: sql`f.at`,
          leaseExpiresAt: sql`null`,
          // Given, or its $onUpdate would be the time the statement was prepared.
          updatedAt: sql`f.at`,
        })
        .from(sql`ends f`)
        // Found by id: the ids first, as an array the plan looks up in the primary key, and the
        // status tested only on the rows found (`is true` keeps it off the status index, which
        // holds an entry for every past version of every run).
        .where(
          and(
            sql`${runs.id} = any(array(select id from ends))`,
            eq(runs.id, sql`f.id`),
            eq(runs.leaseOwner, sql`f.owner`),
            sql`(${runs.status} = 'running') is true`,
          ),
        )
        .returning({
          ...getTableColumns(runs),
          // Sent for the rows it finished only, when the statement commits.
          signalled: signalled
            ? sql<string | null>`case when f.signal then ${signalled}::text end`
            : sql<null>`null`,
          logs: writing
            ? storedReqLogsOf(endedId)
            : sql<Array<Record<string, unknown>>>`'[]'::json`,
        })
        .prepare(`finish_runs${writing ? '' : '_alone'}`)
    );
  });
const finishStatements = [false, true].map(finishStatement);

/** A run's part of each of `finishStatement`'s values, as JSON text. */
type TEndJson = { ends: string; events: string; states: string; logs: string };
type TEnd = {
  id: string;
  json: TEndJson;
  /** How long its JSON is, all parts together. */
  chars: number;
  signal: boolean;
  resolve: (finished: TFinished) => void;
  reject: (error: unknown) => void;
};

/** Stores `ends` in one statement and signals their waiters: each one's row and rows stored. */
async function storeEnds(db: TDb, ends: TEnd[]): Promise<Map<string, TFinished>> {
  // Each part a JSON array: their items joined in one array per value.
  const joined = (part: keyof TEndJson) =>
    `[${ends
      .map((end) => end.json[part].slice(1, -1))
      .filter((items) => items !== '')
      .join(',')}]`;
  const values = {
    ends: joined('ends'),
    events: joined('events'),
    states: joined('states'),
    logs: joined('logs'),
  };
  const writing = values.events !== '[]' || values.logs !== '[]';
  const rows = await finishStatements[Number(writing)]!(db).execute(values);
  const finished = new Map<string, TFinished>();
  for (const { signalled, logs, ...row } of rows) {
    // On the embedded database the statement sends none (see `signalOf`).
    if (signalled === null && ends.find((end) => end.id === row.id)?.signal)
      await signalRun(db, 'done', row.id);
    finished.set(row.id, { row, logs: fromJson(reqLogs, logs) });
  }
  return finished;
}

/**
 * Ends `ends` together; if that fails for a reason trying again cannot fix, each on its own, so
 * one run's bad values do not fail the others.
 */
async function finishTogether(db: TDb, ends: TEnd[]): Promise<void> {
  let found: Map<string, TFinished>;
  try {
    found = await storeEnds(db, ends);
  } catch (error) {
    if (ends.length > 1 && !isTransient(error))
      for (const end of ends) await finishTogether(db, [end]);
    else for (const end of ends) end.reject(error);
    return;
  }
  for (const end of ends) end.resolve(found.get(end.id) ?? { row: undefined, logs: [] });
}

/** As many waiting ends as one statement takes: up to `MAX_RUNS`, and about `MAX_JSON_CHARS`. */
function endsToTake(waiting: readonly TEnd[]): number {
  let chars = 0;
  let count = 0;
  for (const end of waiting) {
    if (count === MAX_RUNS || (count > 0 && chars + end.chars > MAX_JSON_CHARS)) break;
    chars += end.chars;
    count++;
  }
  return count;
}

/** Per database handle: its ends, stored together while one statement is under way. */
const ending = new WeakMap<TDb, ReturnType<typeof coalescing<TEnd>>>();

/**
 * Stores a run's end, with the events not stored yet (`events`) and request-log rows of its model
 * calls not stored yet (`logs`), and signals its waiters, in one statement, only while `owner`
 * still holds it: a process whose lease was taken over stores only the events and rows (which
 * are the same whoever stores them). The finished row, if it was stored, and the request-log
 * rows this statement stored. `signal: false` for a run only its own process waits for (it gets
 * the row without a signal).
 *
 * Ends that come while one is being stored wait for it and are then stored together in one
 * statement: the runs of a burst (started together, on the same model) end in a few statements,
 * not one each, on a database every run shares. The first of them waits for nothing.
 */
export function finishRun(
  db: TDb,
  id: string,
  owner: string,
  values: Pick<TRunRow, 'status' | 'error' | 'outputs' | 'seq'>,
  events: TStoredEvent[] = [],
  logs: TReqLogToPrice[] = [],
  { signal = true } = {},
): Promise<TFinished> {
  const json: TEndJson = {
    ends: jsonParam([
      {
        id,
        owner,
        status: values.status,
        error: values.error,
        outputs: values.outputs,
        seq: values.seq,
        at: new Date().toISOString(),
        signal,
      },
    ]),
    events: jsonParam(events.map(({ event }) => event)),
    states: jsonParam(nodeStateRows(events).map((state) => ({ run_id: id, ...state }))),
    logs: jsonParam(logs),
  };
  const chars = Object.values(json).reduce((sum, text) => sum + text.length, 0);
  const ends = ending.get(db) ?? coalescing((batch) => finishTogether(db, batch), endsToTake);
  ending.set(db, ends);
  return new Promise((resolve, reject) => ends.add({ id, json, chars, signal, resolve, reject }));
}

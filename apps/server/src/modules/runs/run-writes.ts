import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TRunProgressEvent } from '@flowsmith/shared';
import { modelPrices, reqLogs, runEvents, runNodeStates } from '../../db/schema/index';
import { jsonParam } from '../../db/json-rows';

type TNodeStateValues = Omit<typeof runNodeStates.$inferInsert, 'runId' | 'nodeId'>;

/** A progress event to store, with the node state it reports. */
export type TStoredEvent = { event: TRunProgressEvent; nodeState?: TNodeStateValues };

/** A batch's events as one JSON value. */
export const eventRows = (batch: TStoredEvent[]) => jsonParam(batch.map(({ event }) => event));

/** The node states a batch reports, one row per node: its later states over earlier ones. */
export function nodeStateRows(batch: TStoredEvent[]) {
  const states = new Map<string, TNodeStateValues>();
  for (const { event, nodeState } of batch) {
    if (nodeState && event.type === 'node-status')
      states.set(event.nodeId, { ...states.get(event.nodeId), ...nodeState });
  }
  return [...states].map(([nodeId, state]) => ({ node_id: nodeId, ...state }));
}

/** A run's id: a placeholder, or a field of each row (for rows of several runs). */
type TRunId = Placeholder | SQL;

/**
 * The rows of a batch of events, of node states and of request-log rows, each sent as one JSON
 * value (a placeholder of a statement built once): the statement's text is the same whatever
 * the batch holds, so it is built and prepared once (a statement with a parameter per value
 * would cost its building per value, on every write). The rows of several runs' batches are
 * one value too, each row naming its run (`runIdOfEvent`, `runIdOfState`).
 */
export function insertEventRows(runId: TRunId, events: Placeholder): SQL {
  return sql`insert into ${runEvents} (run_id, seq, event)
    select ${runId}::uuid, (e ->> 'seq')::int, e from jsonb_array_elements(${events}::jsonb) e
    on conflict (run_id, seq) do nothing`;
}

export const runIdOfEvent = sql`(e ->> 'runId')`;
export const runIdOfState = sql`s.run_id`;

export function upsertNodeStates(runId: TRunId, rows: Placeholder): SQL {
  const kept = (column: string) => `coalesce(excluded.${column}, run_node_states.${column})`;
  return sql`insert into ${runNodeStates}
      (run_id, node_id, status, output, error, started_at, finished_at, updated_at)
    select ${runId}::uuid, s.node_id, coalesce(s.status, 'queued'), s.output, s.error,
      s."startedAt", s."finishedAt", coalesce(s."updatedAt", now())
    from jsonb_to_recordset(${rows}::jsonb) as s(run_id uuid, node_id uuid, status text, output jsonb,
      error text, "startedAt" timestamptz, "finishedAt" timestamptz, "updatedAt" timestamptz)
    on conflict (run_id, node_id) do update set status = excluded.status,
      output = excluded.output, error = excluded.error,
      started_at = ${sql.raw(kept('started_at'))}, finished_at = ${sql.raw(kept('finished_at'))},
      updated_at = excluded.updated_at`;
}

/**
 * Stores request-log rows (`TReqLogToPrice` as JSON) with the columns' defaults for what they
 * leave out, each priced as `costOf` prices a call; a row stored already (by an attempt whose
 * answer was lost) is not stored again. It returns the rows it stored.
 */
export function insertReqLogRows(logs: Placeholder): SQL {
  const p = modelPrices;
  const price = (key: string) => sql.raw(`(l.pricing ->> '${key}')`);
  const cost = sql`coalesce((select (${price('inputTokens')}::float8 * ${p.inputPerMillion}
      + ${price('outputTokens')}::float8 * ${p.outputPerMillion}) / 1000000.0
      + coalesce(${price('images')}::float8, 0) * ${p.perImage}
    from ${p} where ${p.model} in (${price('modelId')}, ${price('model')})
    order by ${p.model} = ${price('modelId')} desc limit 1), 0)`;
  return sql`insert into ${reqLogs} (id, user_id, project_id, run_id, node_id, custom_ai_id,
      conversation_id, call_id, attempt, provider, model, status, latency_ms, input_tokens,
      output_tokens, cost, prompt, response, error, created_at, updated_at)
    select coalesce(l.id, gen_random_uuid()), l."userId", l."projectId", l."runId", l."nodeId",
      l."customAiId", l."conversationId", coalesce(l."callId", gen_random_uuid()),
      coalesce(l.attempt, 1), l.provider, l.model, l.status, coalesce(l."latencyMs", 0),
      coalesce(l."inputTokens", 0), coalesce(l."outputTokens", 0), ${cost},
      coalesce(l.prompt, ''), l.response, l.error, coalesce(l."createdAt", now()),
      coalesce(l."updatedAt", now())
    from jsonb_to_recordset(${logs}::jsonb) as l(id uuid, "userId" uuid, "projectId" uuid,
      "runId" uuid, "nodeId" uuid, "customAiId" uuid, "conversationId" uuid, "callId" uuid,
      attempt int, provider text, model text, status text, "latencyMs" int, "inputTokens" int,
      "outputTokens" int, prompt text, response text, error text, "createdAt" timestamptz,
      "updatedAt" timestamptz, pricing jsonb)
    on conflict (id) do nothing
    returning *`;
}

/** The rows a statement's `logs` write stored, as one JSON array (read by `fromJson`). */
export const storedReqLogs = sql<
  Array<Record<string, unknown>>
>`(select coalesce(json_agg(l), '[]'::json) from logs l)`;

/** `storedReqLogs` of one run, for a statement that stores the rows of several. */
export const storedReqLogsOf = (runId: SQL) =>
  sql<
    Array<Record<string, unknown>>
  >`(select coalesce(json_agg(l), '[]'::json) from logs l where l.run_id = ${runId})`;

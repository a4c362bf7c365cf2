import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { preparedStatement } from '../../db/prepared';
import { nodeGroups, nodes, runs } from '../../db/schema/index';
import { countingAhead } from '../billing/billing.repo';
import { graphFromJson, graphParts, type TGraphRows } from '../canvas/canvas.repo';

type TRunRow = typeof runs.$inferSelect;

/** `now() + ms` on the database's clock, the one clock every process compares leases with. */
export const fromNow = (ms: number | SQL) => sql`now() + ${ms} * interval '1 millisecond'`;

const claim = (db: TDb) => {
  // A run of the canvas runs the graph as it is now: read by the claim, spared a statement.
  const graph = graphParts(db, runs.projectId, { when: isNull(runs.groupVersionId) });
  return db
    .update(runs)
    .set({
      status: 'running',
      startedAt: sql`${sql.placeholder('startedAt')}`,
      leaseOwner: sql`${sql.placeholder('owner')}`,
      leaseExpiresAt: fromNow(sql`${sql.placeholder('leaseMs')}`),
      // Given, or its $onUpdate would be the time the statement was prepared.
      updatedAt: sql`${sql.placeholder('startedAt')}`,
    })
    .where(and(eq(runs.id, sql.placeholder('id')), eq(runs.status, 'queued')))
    .returning({
      ...getTableColumns(runs),
      // Named: the claim is one part of a statement that writes more (see `claimStatementOf`).
      graphNodes: graph.nodes.as('graph_nodes'),
      graphConnections: graph.connections.as('graph_connections'),
      graphInputs: graph.inputs.as('graph_inputs'),
      graphOutputs: graph.outputs.as('graph_outputs'),
      graphGroups: graph.groups.as('graph_groups'),
    });
};
/**
 * What a claim counts ahead for the run's first model calls, as `countingAhead`: in `periodStart`,
 * one request for each node of `modelKinds` in the run's group (not those of groups inside it),
 * at most `max`.
 */
type TClaimAhead = { periodStart: Date; modelKinds: readonly string[]; max: number };

/**
 * The claim, with what it counts ahead (only for a run it takes) and a write of its own
 * (`withClaim`) if given.
 */
function claimStatementOf(db: TDb, withClaim: ((claimedId: SQL) => SQL) | undefined, name: string) {
  const p = sql.placeholder;
  const claimed = db.$with('claimed').as(claim(db));
  const also = withClaim
    ? [db.$with('also', {}).as(withClaim(sql.raw('(select id from claimed)')))]
    : [];
  const take = sql`(
    select least(${p('maxAhead')}::int, count(*)::int) from ${nodes}, claimed
    where ${nodes.projectId} = claimed.project_id
      and ${nodes.type} = any(${p('modelKinds')}::text[])
      and ${nodes.parentId} = (
        select ${nodeGroups.nodeId} from ${nodeGroups} where ${nodeGroups.id} = claimed.node_group_id))`;
  const { parts, taken } = countingAhead(
    sql`(select project_id from claimed)`,
    p('periodStart'),
    p('startedAt'),
    take,
  );
  const counting = Object.entries(parts).map(([part, body]) => db.$with(part, {}).as(body));
  return db
    .with(claimed, ...also, ...counting)
    .select({
      ...claimed._.selectedFields,
      ahead: sql<{ ownerId: string | null; taken: number | null }>`(
        select json_build_object('ownerId', s."ownerId", 'taken', ${taken}) from s)`,
    })
    .from(claimed)
    .prepare(name);
}
const claimStatement = preparedStatement((db) => claimStatementOf(db, undefined, 'claim_run'));
/** The claim with a write of its own, by that write (one per queue kind). */
const claimWithStatements = new Map<
  (claimedId: SQL) => SQL,
  (db: TDb) => ReturnType<typeof claimStatementOf>
>();

/**
 * Takes a queued run for `owner` with a lease of `leaseMs`: in one statement, so a run is
 * executed once however often it is queued. `withClaim` is written by the same statement, only
 * when it takes the run, and so are the requests counted ahead for its first model calls
 * (`ahead`; none without). The claimed run, with its project's graph when it runs the canvas, and
 * the requests counted for it (`counted`, when some were).
 */
export async function claimRun(
  db: TDb,
  id: string,
  owner: string,
  leaseMs: number,
  withClaim?: (claimedId: SQL) => SQL,
  ahead: TClaimAhead = { periodStart: new Date(0), modelKinds: [], max: 0 },
): Promise<
  | {
      run: TRunRow;
      graph?: TGraphRows;
      counted?: { ownerId: string; periodStart: Date; left: number };
    }
  | undefined
> {
  const values = {
    id,
    owner,
    leaseMs,
    startedAt: new Date(),
    periodStart: ahead.periodStart.toISOString(),
    modelKinds: `{${ahead.modelKinds.join(',')}}`,
    maxAhead: ahead.max,
  };
  let statement = withClaim ? claimWithStatements.get(withClaim) : claimStatement;
  if (!statement && withClaim) {
    const name = `claim_run_with_${claimWithStatements.size + 1}`;
    statement = preparedStatement((db) => claimStatementOf(db, withClaim, name));
    claimWithStatements.set(withClaim, statement);
  }
  const [claimed] = await statement!(db).execute(values);
  if (!claimed) return undefined;
  const {
    graphNodes,
    graphConnections,
    graphInputs,
    graphOutputs,
    graphGroups,
    ahead: counting,
    ...run
  } = claimed;
  const taken = Number(counting?.taken ?? 0);
  const counted =
    counting?.ownerId && taken > 0
      ? { ownerId: counting.ownerId, periodStart: ahead.periodStart, left: taken }
      : undefined;
  if (run.groupVersionId) return { run, counted };
  const graph = graphFromJson({
    nodes: graphNodes,
    connections: graphConnections,
    inputs: graphInputs,
    outputs: graphOutputs,
    groups: graphGroups,
  });
  return { run, graph, counted };
}

import { and, eq, getTableColumns, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/database';
import { asyncCommit } from '../../db/async-commit';
import { preparedStatement } from '../../db/prepared';
import { nodeGroups, nodes, runs } from '../../db/schema/index';
import { countingAhead } from '../billing/billing.repo';
import { graphFromJson, graphParts, type TGraphRows } from '../canvas/canvas.repo';

type TRunRow = typeof runs.$inferSelect;

/** `now() + ms` on the database's clock, the one clock every process compares leases with. */
export const fromNow = (ms: number | SQL) => sql`now() + ${ms} * interval '1 millisecond'`;

/** What a claim answers with: the run, and the graph of its project when it runs the canvas. */
const claimReturning = (db: TDb) => {
  // A run of the canvas runs the graph as it is now: read by the claim, spared a statement.
  const graph = graphParts(db, runs.projectId, { when: isNull(runs.groupVersionId) });
  return {
    ...getTableColumns(runs),
    // Named: the claim is one part of a statement that writes more (see `claimingStatement`).
    graphNodes: graph.nodes.as('graph_nodes'),
    graphConnections: graph.connections.as('graph_connections'),
    graphInputs: graph.inputs.as('graph_inputs'),
    graphOutputs: graph.outputs.as('graph_outputs'),
    graphGroups: graph.groups.as('graph_groups'),
  };
};

const claim = (db: TDb) =>
  db
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
    .returning(claimReturning(db));

/**
 * What a run's claim counts ahead for its first model calls (see `countingRunAhead`), in the
 * month that began at `periodStart`.
 */
export type TClaimAhead = { periodStart: Date; modelKinds: readonly string[]; max: number };
/** Requests counted ahead for a run: `left` of `ownerId`'s in the month of `periodStart`. */
type TCounted = { ownerId: string; periodStart: Date; left: number };
type TAheadJson = { ownerId: string | null; taken: number | null };
type TValue = SQL | Placeholder | string;

/** `ahead`'s values, as the parameters of `countingRunAhead`. */
export const aheadValues = (ahead: TClaimAhead) => ({
  periodStart: ahead.periodStart.toISOString(),
  modelKinds: `{${ahead.modelKinds.join(',')}}`,
  maxAhead: ahead.max,
});

/**
 * The `with` parts that count ahead the first model requests of a run of the group
 * `nodeGroupId` in `projectId`, as `countingAhead` (nothing when `projectId` is null): one for
 * each node of `modelKinds` in the group (not those of groups inside it), at most `maxAhead`.
 * `ahead`: the project's owner and how many it counted, as JSON (see `countedOf`).
 */
export function countingRunAhead(
  projectId: TValue,
  nodeGroupId: TValue | null,
  values: Record<'periodStart' | 'now' | 'modelKinds', TValue> & { maxAhead: TValue | number },
) {
  const take = sql`(
    select least(${values.maxAhead}::int, count(*)::int) from ${nodes}
    where ${nodes.projectId} = ${projectId}
      and ${nodes.type} = any(${values.modelKinds}::text[])
      and ${nodes.parentId} = (
        select ${nodeGroups.nodeId} from ${nodeGroups} where ${nodeGroups.id} = ${nodeGroupId}))`;
  const { parts, taken } = countingAhead(projectId, values.periodStart, values.now, take);
  return {
    parts,
    ahead: sql<TAheadJson | null>`(
      select json_build_object('ownerId', s."ownerId", 'taken', ${taken}) from s)`,
  };
}

/** The requests `countingRunAhead` counted, if any. */
export function countedOf(ahead: TAheadJson | null, periodStart: Date): TCounted | undefined {
  const taken = Number(ahead?.taken ?? 0);
  return ahead?.ownerId && taken > 0
    ? { ownerId: ahead.ownerId, periodStart, left: taken }
    : undefined;
}

/**
 * A statement that claims a run: `claimed` (an update of a queued run, or the insert of a run
 * stored already claimed, returning `claimReturning`), with what it counts ahead (only for a
 * run it takes) and a write of its own (`withClaim`) if given; `stores` when it stores the run.
 * Its placeholders: the claim's, and `startedAt` and `aheadValues`.
 */
function claimingStatement(
  db: TDb,
  claimedBy: ReturnType<typeof claim> | ReturnType<typeof claimedInsert>,
  { withClaim, stores = false }: { withClaim?: (claimedId: SQL) => SQL; stores?: boolean } = {},
) {
  const p = sql.placeholder;
  const claimed = db.$with('claimed').as(claimedBy);
  const also = withClaim
    ? [db.$with('also', {}).as(withClaim(sql.raw('(select id from claimed)')))]
    : [];
  const { parts, ahead } = countingRunAhead(
    sql`(select project_id from claimed)`,
    sql`(select node_group_id from claimed)`,
    {
      periodStart: p('periodStart'),
      now: p('startedAt'),
      modelKinds: p('modelKinds'),
      maxAhead: p('maxAhead'),
    },
  );
  const counting = Object.entries(parts).map(([part, body]) => db.$with(part, {}).as(body));
  // Every claim of an owner's runs counts ahead on the owner's one counter row, whose lock a
  // synchronous commit would hold through the disk's flush: claims would queue behind each other.
  // A claim a database crash undoes is safe: the run is queued again (its job too) and taken up
  // anew, only one end of it is stored, and the counter loses what it counted. A run that is
  // stored by the statement (`stores`) is not: its caller is told it exists.
  const committing = stores ? sql<string>`current_setting('synchronous_commit')` : asyncCommit;
  const fields = { ...claimed._.selectedFields, ahead, committing };
  return db
    .with(claimed, ...also, ...counting)
    .select(fields)
    .from(claimed);
}

/** The insert of a run (`values`) stored already claimed, as `claim` leaves one it takes. */
const claimedInsert = (db: TDb, values: PgInsertValue<typeof runs>) =>
  db
    .insert(runs)
    .values({ ...values, leaseExpiresAt: fromNow(sql`${sql.placeholder('leaseMs')}`) })
    .returning(claimReturning(db));

/**
 * The statement that stores a run already claimed (its columns `values`, the lease's length a
 * `leaseMs` placeholder), counting ahead and answering as `claimRun` does.
 */
export const claimingInsert = (db: TDb, values: PgInsertValue<typeof runs>) =>
  claimingStatement(db, claimedInsert(db, values), { stores: true });

/** A run as its claim left it: the row, its graph, what was counted ahead for it. */
export type TRunClaim = { run: TRunRow; graph?: TGraphRows; counted?: TCounted };

/** The claim a claiming statement answered with, in `ahead`'s month. */
export function claimOf(
  claimed: Awaited<ReturnType<ReturnType<typeof claimingStatement>['execute']>>[number],
  ahead: TClaimAhead,
): TRunClaim {
  const {
    graphNodes,
    graphConnections,
    graphInputs,
    graphOutputs,
    graphGroups,
    ahead: counting,
    committing: _committing,
    ...run
  } = claimed;
  const counted = countedOf(counting, ahead.periodStart);
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

const claimStatement = preparedStatement((db) =>
  claimingStatement(db, claim(db)).prepare('claim_run'),
);
/** The claim with a write of its own, by that write (one per queue kind). */
const claimWithStatements = new Map<
  (claimedId: SQL) => SQL,
  (db: TDb) => ReturnType<ReturnType<typeof claimingStatement>['prepare']>
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
): Promise<TRunClaim | undefined> {
  const values = {
    id,
    owner,
    leaseMs,
    startedAt: new Date(),
    ...aheadValues(ahead),
  };
  let statement = withClaim ? claimWithStatements.get(withClaim) : claimStatement;
  if (!statement && withClaim) {
    const name = `claim_run_with_${claimWithStatements.size + 1}`;
    statement = preparedStatement((db) =>
      claimingStatement(db, claim(db), { withClaim }).prepare(name),
    );
    claimWithStatements.set(withClaim, statement);
  }
  const [claimed] = await statement!(db).execute(values);
  return claimed && claimOf(claimed, ahead);
}

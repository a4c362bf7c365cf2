import { and, asc, count, desc, eq, gt, gte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { executeNamedSql, preparedStatement } from '../../db/prepared';
import {
  invoices,
  paymentEvents,
  projectBudgets,
  projects,
  projectUsers,
  reqLogs,
  subscriptionPlans,
  subscriptions,
  usageCounters,
  users,
} from '../../db/schema/index';
import { rowWhere } from '../resources/resources.repo';

export type TPlanRow = typeof subscriptionPlans.$inferSelect;
export type TSubscriptionRow = typeof subscriptions.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The subscription that sets a user's plan now: active and inside its paid period. */
export async function currentSubscription(db: TDb, userId: string, now: Date) {
  const [row] = await db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export async function planByCode(db: TDb, code: string) {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.code, code));
  return row;
}

export function planOnSale(db: TDb, id: string) {
  return rowWhere(
    db,
    subscriptionPlans,
    and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.active, true)),
  );
}

export async function planInUse(db: TDb, planId: string) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.planId, planId))
    .limit(1);
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.planId, planId))
    .limit(1);
  return Boolean(row ?? invoice);
}

/** Whose plan a project's usage counts against: its first owner. */
export async function projectOwner(db: TDb, projectId: string) {
  const [row] = await db
    .select({ userId: projectUsers.userId })
    .from(projectUsers)
    .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.role, 'owner')))
    .orderBy(asc(projectUsers.createdAt))
    .limit(1);
  if (row) return row.userId;
  const [project] = await db
    .select({ createdBy: projects.createdBy })
    .from(projects)
    .where(eq(projects.id, projectId));
  return project?.createdBy;
}

type TQuotaValue = string | Placeholder | SQL;

/** The `with` parts `o` (whose plan) and `s` (the state) of `modelQuotaState`. */
function quotaState(projectId: TQuotaValue, periodStart: TQuotaValue, now: TQuotaValue) {
  const plan = (from: SQL) =>
    sql`(select json_build_object('name', ${subscriptionPlans.name}, 'requestsPerMonth', ${subscriptionPlans.requestsPerMonth}) ${from})`;
  const period = sql`${periodStart}::timestamptz`;
  return {
    period,
    o: sql`
        select coalesce(
          (select ${projectUsers.userId} from ${projectUsers}
            where ${projectUsers.projectId} = ${projectId} and ${projectUsers.role} = 'owner'
            order by ${projectUsers.createdAt} limit 1),
          (select ${projects.createdBy} from ${projects} where ${projects.id} = ${projectId})
        ) as owner_id`,
    s: sql`
        select o.owner_id as "ownerId",
          (select ${projectBudgets.monthlyCapCents} from ${projectBudgets}
            where ${projectBudgets.projectId} = ${projectId}) as "capCents",
          coalesce(
            ${plan(sql`from ${subscriptions} join ${subscriptionPlans} on ${subscriptionPlans.id} = ${subscriptions.planId}
              where ${subscriptions.userId} = o.owner_id and ${subscriptions.status} = 'active'
                and ${subscriptions.currentPeriodEnd} > ${now}::timestamptz
              order by ${subscriptions.createdAt} desc limit 1`)},
            ${plan(sql`from ${subscriptionPlans} where ${subscriptionPlans.code} = 'free'`)}
          ) as "plan",
          (select ${usageCounters.requests} from ${usageCounters}
            where ${usageCounters.userId} = o.owner_id
              and ${usageCounters.periodStart} = ${period}) as "used"
        from o`,
  };
}

/**
 * The `with` parts that count up to `take` model requests ahead for a project's owner, as
 * `modelQuotaState` with `take` does (`o`, `s` the state; `n` how many; `t` the counting), and
 * `taken`, how many it counted: 0 when refused or `take` is 0, null when the project has a
 * budget (nothing is counted then). For a statement that counts a run's first requests while it
 * does something else: nothing is counted when `projectId` is null.
 */
export function countingAhead(
  projectId: TQuotaValue,
  periodStart: TQuotaValue,
  now: TQuotaValue,
  take: TQuotaValue | number,
) {
  const { o, s, period } = quotaState(projectId, periodStart, now);
  // The row lock of the upsert serialises concurrent callers, as in `takeRequest`. Up to `take`
  // requests are counted at once, never more than an eighth of what the plan has left (but
  // one), all together or none when that would pass the limit.
  const n = sql`
        select least(${take}::int,
          greatest(1, ((s.plan ->> 'requestsPerMonth')::int - coalesce(s.used, 0)) / 8)) as n
        from s`;
  const t = sql`
        insert into ${usageCounters} (user_id, period_start, requests)
        select s."ownerId", ${period}, n.n from s, n
        where s."ownerId" is not null and s."capCents" is null and n.n > 0
          and (s.plan ->> 'requestsPerMonth')::int >= n.n
        on conflict (user_id, period_start) do update
          set requests = ${usageCounters}.requests + excluded.requests
          where ${usageCounters}.requests + excluded.requests
            <= (select (s.plan ->> 'requestsPerMonth')::int from s)
        returning requests`;
  const taken = sql`case when s."capCents" is null
          then case when exists (select 1 from t) then (select n from n) else 0 end
        end`;
  return { parts: { o, s, n, t }, taken };
}

type TQuotaRow = {
  ownerId: string | null;
  capCents: number | null;
  plan: { name: string; requestsPerMonth: number } | null;
  used: number | null;
  taken?: number | null;
};

/**
 * The state `modelQuotaState` reads, as one JSON value (see `quotaStateOf`): for a statement
 * that reads it along with something else.
 */
export function quotaStateJson(projectId: TQuotaValue, periodStart: TQuotaValue, now: TQuotaValue) {
  const { o, s } = quotaState(projectId, periodStart, now);
  return sql<TQuotaRow | null>`(with o as (${o}), s as (${s})
    select json_build_object('ownerId', s."ownerId", 'capCents', s."capCents", 'plan', s.plan,
      'used', s.used) from s)`;
}

/** A quota state as read (see `modelQuotaState`). */
export function quotaStateOf(row: TQuotaRow | null | undefined) {
  if (!row?.ownerId) return undefined;
  if (!row.plan) throw new Error('The Free plan is missing from subscription_plans');
  return {
    ownerId: row.ownerId,
    capCents: row.capCents === null ? null : Number(row.capCents),
    plan: row.plan,
    used: Number(row.used ?? 0),
    taken: row.taken === null || row.taken === undefined ? null : Number(row.taken),
  };
}
export type TQuotaState = NonNullable<ReturnType<typeof quotaStateOf>>;

// Without counting, the state is read by every run a group starts: prepared once.
const quotaStateStatement = preparedStatement((db) => {
  const { o, s } = quotaState(
    sql.placeholder('projectId'),
    sql.placeholder('periodStart'),
    sql.placeholder('now'),
  );
  return db
    .select({
      ownerId: sql<string | null>`s."ownerId"`,
      capCents: sql<number | null>`s."capCents"`,
      plan: sql<TQuotaRow['plan']>`s.plan`,
      used: sql<number | null>`s.used`,
      taken: sql<null>`null`,
    })
    .from(sql`(with o as (${o}), s as (${s}) select * from s) as s`)
    .prepare('model_quota_state');
});

/**
 * What a project's next model call is checked against, in one statement: the user it counts for
 * (the project's first owner, else its creator), the project's budget, that user's plan (the
 * current subscription's, else Free) and the requests counted this period. Undefined when the
 * project has no such user. With `take`, a project without a budget also has requests counted
 * by the same statement, as `takeRequest` would (`taken`: how many, 0 when refused); with a
 * budget, whose spend is checked first, `taken` is null and nothing is counted.
 */
export async function modelQuotaState(
  db: TDb,
  projectId: string,
  periodStart: Date,
  now: Date,
  { take = 0 } = {},
) {
  const iso = { periodStart: periodStart.toISOString(), now: now.toISOString() };
  // Every run admits its model calls with it, one text whatever the values: prepared by that text.
  const counting = () => {
    const { parts, taken } = countingAhead(projectId, iso.periodStart, iso.now, take);
    const ctes = Object.entries(parts).map(([name, body]) => sql`${sql.raw(name)} as (${body})`);
    return sql`with ${sql.join(ctes, sql`, `)}
      select s.*, ${taken} as "taken" from s`;
  };
  const [row] = take
    ? rowsOf<TQuotaRow>(await executeNamedSql(db, counting()))
    : await quotaStateStatement(db).execute({ projectId, ...iso });
  return quotaStateOf(row);
}

/**
 * Counts one model request if the holder is below `limit`, in one statement: the row lock of
 * the upsert serialises concurrent callers, so the count never passes the limit.
 */
export async function takeRequest(db: TDb, userId: string, periodStart: Date, limit: number) {
  const rows = rowsOf<{ requests: number }>(
    await db.execute(sql`
      insert into ${usageCounters} (user_id, period_start, requests)
      select ${userId}, ${periodStart.toISOString()}::timestamptz, 1 where ${limit}::int > 0
      on conflict (user_id, period_start) do update
        set requests = ${usageCounters}.requests + 1
        where ${usageCounters}.requests < ${limit}::int
      returning requests`),
  );
  return rows.length > 0;
}

/** Gives back requests counted ahead that were not made. */
export async function returnRequests(db: TDb, userId: string, periodStart: Date, count: number) {
  await db
    .update(usageCounters)
    .set({ requests: sql`greatest(${usageCounters.requests} - ${count}::int, 0)` })
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.periodStart, periodStart)));
}

export async function requestsUsed(db: TDb, userId: string, periodStart: Date) {
  const [row] = await db
    .select({ requests: usageCounters.requests })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.periodStart, periodStart)));
  return row?.requests ?? 0;
}

/** Serialises the quota checks of one user's creates until the transaction ends. */
export async function lockUser(db: TDb, userId: string) {
  await db.execute(sql`select id from ${users} where id = ${userId} for update`);
}

export async function lockProject(db: TDb, projectId: string) {
  await db.execute(sql`select id from ${projects} where id = ${projectId} for update`);
}

/** Projects a user owns (counted against their plan). */
export async function ownedProjectCount(db: TDb, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(projectUsers)
    .where(and(eq(projectUsers.userId, userId), eq(projectUsers.role, 'owner')));
  return row?.n ?? 0;
}

export async function isMember(db: TDb, projectId: string, userId: string) {
  const [row] = await db
    .select({ id: projectUsers.id })
    .from(projectUsers)
    .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)));
  return Boolean(row);
}

export async function memberCount(db: TDb, projectId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(projectUsers)
    .where(eq(projectUsers.projectId, projectId));
  return row?.n ?? 0;
}

/** The member count of the user's largest owned project. */
export async function largestOwnedProject(db: TDb, userId: string) {
  const rows = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from ${projectUsers} m
      where m.project_id in (
        select project_id from ${projectUsers} where user_id = ${userId} and role = 'owner')
      group by m.project_id order by n desc limit 1`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** US dollars spent on model calls in the user's owned projects since `since`. */
export async function ownedProjectsCost(db: TDb, userId: string, since: Date) {
  const rows = rowsOf<{ cost: number | string | null }>(
    await db.execute(sql`
      select sum(cost) as cost from ${reqLogs}
      where created_at >= ${since.toISOString()}::timestamptz and project_id in (
        select project_id from ${projectUsers} where user_id = ${userId} and role = 'owner')`),
  );
  return Number(rows[0]?.cost ?? 0);
}

export async function projectCost(db: TDb, projectId: string, since: Date) {
  const [row] = await db
    .select({ cost: sql<string | number | null>`sum(${reqLogs.cost})` })
    .from(reqLogs)
    .where(and(eq(reqLogs.projectId, projectId), gte(reqLogs.createdAt, since)));
  return Number(row?.cost ?? 0);
}

export function budgetOf(db: TDb, projectId: string) {
  return rowWhere(db, projectBudgets, eq(projectBudgets.projectId, projectId));
}

export async function setBudget(db: TDb, projectId: string, monthlyCapCents: number | null) {
  if (monthlyCapCents === null) {
    await db.delete(projectBudgets).where(eq(projectBudgets.projectId, projectId));
    return;
  }
  await db
    .insert(projectBudgets)
    .values({ projectId, monthlyCapCents })
    .onConflictDoUpdate({
      target: projectBudgets.projectId,
      // A new cap may cross 80 % anew, so it warns again.
      set: { monthlyCapCents, warnedPeriod: null, updatedAt: new Date() },
    });
}

/** Marks this month's 80 % notice as sent; false when it was sent already. */
export async function claimBudgetWarning(db: TDb, projectId: string, periodStart: Date) {
  const rows = await db
    .update(projectBudgets)
    .set({ warnedPeriod: periodStart })
    .where(
      and(
        eq(projectBudgets.projectId, projectId),
        sql`${projectBudgets.warnedPeriod} is distinct from ${periodStart.toISOString()}::timestamptz`,
      ),
    )
    .returning({ projectId: projectBudgets.projectId });
  return rows.length > 0;
}

export async function projectName(db: TDb, projectId: string) {
  const [row] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.name ?? '';
}

/** Ends the user's other current subscriptions: a purchase replaces them. */
export async function endOtherSubscriptions(db: TDb, userId: string, keepId: string, now: Date) {
  await db
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        sql`${subscriptions.id} <> ${keepId}`,
      ),
    );
}

export async function lockSubscription(db: TDb, id: string) {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from ${subscriptions} where id = ${id} for update`),
  );
  if (!rows.length) return undefined;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function updateSubscription(
  db: TDb,
  id: string,
  values: Partial<typeof subscriptions.$inferInsert>,
) {
  const [row] = await db
    .update(subscriptions)
    .set(values)
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

export function subscriptionByRef(db: TDb, providerRef: string) {
  return rowWhere(db, subscriptions, eq(subscriptions.providerRef, providerRef));
}

export async function insertInvoice(db: TDb, values: typeof invoices.$inferInsert) {
  const [row] = await db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: invoices.providerRef })
    .returning();
  return row;
}

/** Records a provider event; false when it was recorded before (a redelivery). */
export async function recordPaymentEvent(
  db: TDb,
  event: { id: string; provider: string; type: string },
) {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

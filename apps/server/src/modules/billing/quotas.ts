import { nodeCatalog, type TBudgetWarning } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { QuotaError } from '../../lib/app-error';
import type { TRealtime } from '../../plugins/realtime';
import * as repo from './billing.repo';

/** Quotas count per calendar month in UTC; this is when the current one began. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

const day = (date: Date) =>
  date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
const number = (n: number) => n.toLocaleString('en-US');

/** The plan a user is on now: their current subscription's, else Free. */
export async function planOf(db: TDb, userId: string, now = new Date()) {
  const current = await repo.currentSubscription(db, userId, now);
  if (current) return { plan: current.plan, subscription: current.subscription };
  const free = await repo.planByCode(db, 'free');
  if (!free) throw new Error('The Free plan is missing from subscription_plans');
  return { plan: free, subscription: null };
}

/** At create: the caller may own one more project. Locks the caller until the transaction ends. */
export async function checkProjectQuota(tx: TDb, userId: string) {
  await repo.lockUser(tx, userId);
  const { plan } = await planOf(tx, userId);
  if ((await repo.ownedProjectCount(tx, userId)) >= plan.maxProjects) {
    throw new QuotaError(
      `The ${plan.name} plan allows ${number(plan.maxProjects)} projects; upgrade on the Subscribe page to create more`,
      { name: 'maxProjects', limit: plan.maxProjects, resetsAt: null },
    );
  }
}

/** At create: the project may have one more member, by its owner's plan (a member already in is no new one). */
export async function checkMemberQuota(tx: TDb, projectId: string, userId: string) {
  await repo.lockProject(tx, projectId);
  if (await repo.isMember(tx, projectId, userId)) return;
  const ownerId = await repo.projectOwner(tx, projectId);
  if (!ownerId) return;
  const { plan } = await planOf(tx, ownerId);
  if ((await repo.memberCount(tx, projectId)) >= plan.maxMembers) {
    throw new QuotaError(
      `The project owner's ${plan.name} plan allows ${number(plan.maxMembers)} members per project`,
      { name: 'maxMembers', limit: plan.maxMembers, resetsAt: null },
    );
  }
}

/** What a model call is counted for: the project whose owner's plan pays for it. */
type TMeterContext = { projectId: string };

/** A run counts at most this many model requests ahead of its calls. */
const MAX_AHEAD = 32;
/** With this many or fewer left, a run counts its next block while its calls go on. */
const REFILL_AT = MAX_AHEAD / 2;

/** Requests counted ahead for a run, of `ownerId`'s in the month that began at `periodStart`. */
export type TCountedAhead = { ownerId: string; periodStart: Date; left: number };

/** The kinds whose nodes make model calls, each counted against the plan. */
const MODEL_KINDS = Object.entries(nodeCatalog)
  .filter(([, entry]) => entry.flags.model !== 'none')
  .map(([kind]) => kind);

/**
 * What the statement that claims a run (`now`: when) counts ahead for its first model calls, as
 * `forRun` would: the model nodes of the run's group, at most MAX_AHEAD.
 */
export const aheadAtClaim = (now = new Date()) => ({
  periodStart: monthStart(now),
  modelKinds: MODEL_KINDS,
  max: MAX_AHEAD,
});

async function checkBudget(db: TDb, projectId: string, capCents: number | null, now: Date) {
  if (capCents === null) return;
  const resetsAt = nextMonthStart(now);
  const spent = await repo.projectCost(db, projectId, monthStart(now));
  if (spent * 100 >= capCents) {
    throw new QuotaError(
      `This project has reached its monthly budget of $${(capCents / 100).toFixed(2)}; it resets on ${day(resetsAt)}`,
      { name: 'projectBudget', limit: capCents, resetsAt },
    );
  }
}

const requestsRefused = (plan: { name: string; requestsPerMonth: number }, resetsAt: Date) =>
  new QuotaError(
    `The ${plan.name} plan allows ${number(plan.requestsPerMonth)} model requests a month; this limit resets on ${day(resetsAt)}`,
    { name: 'requestsPerMonth', limit: plan.requestsPerMonth, resetsAt },
  );

/**
 * Before a run or chat starts: a 402 if its project could make no model call now. Counting
 * happens per call (`admit`), so this only spares starting what would fail.
 */
export async function checkModelQuota(db: TDb, projectId: string, now = new Date()) {
  const state = await repo.modelQuotaState(db, projectId, monthStart(now), now);
  await checkQuotaState(db, projectId, state, now);
}

/**
 * `checkModelQuota` for a project's quota state read at `now` along with something else (see
 * `quotaStateJson`); only a project with a budget takes a statement more, for its spend.
 */
export async function checkQuotaState(
  db: TDb,
  projectId: string,
  state: repo.TQuotaState | undefined,
  now: Date,
) {
  if (!state) return;
  await checkBudget(db, projectId, state.capCents, now);
  if (state.used >= state.plan.requestsPerMonth)
    throw requestsRefused(state.plan, nextMonthStart(now));
}

/**
 * Admits model calls against the plan of the project's owner and the project's budget, and
 * tells the owner once a month when the project has spent 80 % of its budget.
 */
export function createUsageMeter(db: TDb, realtime: TRealtime) {
  const meter = {
    /**
     * Counts one model request, or refuses it with a 402 naming the limit and its reset.
     * `budgeted`: the project has a budget, so the call's cost must be stored before the next
     * call is admitted.
     */
    async admit(context: TMeterContext, now = new Date()): Promise<{ budgeted: boolean }> {
      // Without a budget the statement that reads the state counts the request too.
      const state = await repo.modelQuotaState(db, context.projectId, monthStart(now), now, {
        take: 1,
      });
      if (!state) return { budgeted: false };
      const { plan } = state;
      if (state.taken === null) {
        await checkBudget(db, context.projectId, state.capCents, now);
        if (!(await repo.takeRequest(db, state.ownerId, monthStart(now), plan.requestsPerMonth)))
          throw requestsRefused(plan, nextMonthStart(now));
      } else if (!state.taken) throw requestsRefused(plan, nextMonthStart(now));
      return { budgeted: state.capCents !== null };
    },

    /**
     * The admission of one run's model calls. Requests are counted ahead in blocks (at most the
     * calls the run still expects and `MAX_AHEAD`; near the limit one at a time), so a run of many
     * model nodes does not pay a statement per call, and the limit holds across concurrent runs
     * since each block is counted under the counter's row lock. The next block is counted while
     * the last `REFILL_AT` calls of a block are admitted, so no call waits for it; one that
     * cannot be counted then (the limit, the database) is counted again when the block runs
     * out, and refused then. `settle`, once the run has ended, gives back what was counted and
     * not used. A project with a budget is admitted call by call: its spend must be read before
     * each one. `counted`: the first block, counted by the statement that claimed the run (see
     * `aheadAtClaim`); when it counted none, the first call is admitted as without it (and
     * refused as such at the limit).
     */
    forRun(context: TMeterContext, expectedCalls: number, counted?: TCountedAhead) {
      let ahead: TCountedAhead | undefined =
        counted && counted.left > 0 ? { ...counted } : undefined;
      let used = 0;
      let perCall = false;
      let counting: Promise<void> | undefined;
      // A block counted ahead failed: the next is counted when this one runs out.
      let refillFailed = false;

      const giveBack = async () => {
        const unused = ahead;
        ahead = undefined;
        if (unused && unused.left > 0)
          await repo.returnRequests(db, unused.ownerId, unused.periodStart, unused.left);
      };

      const countAhead = async (now: Date) => {
        const periodStart = monthStart(now);
        // Counted in a month that has ended: that month's unused requests go back to it.
        if (ahead && ahead.periodStart.getTime() !== periodStart.getTime()) await giveBack();
        const left = ahead?.left ?? 0;
        const wanted = Math.max(1, Math.min(MAX_AHEAD, expectedCalls - used - left));
        let state = await repo.modelQuotaState(db, context.projectId, periodStart, now, {
          take: wanted,
        });
        // Another caller took some meanwhile: what is left may still hold one.
        if (state?.taken === 0 && wanted > 1)
          state = await repo.modelQuotaState(db, context.projectId, periodStart, now, { take: 1 });
        if (!state || state.taken === null) {
          perCall = true;
          return;
        }
        if (state.taken === 0) throw requestsRefused(state.plan, nextMonthStart(now));
        // Of another owner now (the project changed hands): the last block goes back to its own.
        if (ahead && ahead.ownerId !== state.ownerId) await giveBack();
        ahead = { ownerId: state.ownerId, periodStart, left: (ahead?.left ?? 0) + state.taken };
      };

      const refill = (now: Date) => {
        if (counting || refillFailed || !ahead || ahead.left > REFILL_AT) return;
        if (expectedCalls - used <= ahead.left) return;
        counting = countAhead(now)
          .catch(() => void (refillFailed = true))
          .finally(() => (counting = undefined));
      };

      return {
        async admit(_call: TMeterContext, now = new Date()): Promise<{ budgeted: boolean }> {
          for (;;) {
            if (perCall) return meter.admit(context, now);
            if (
              ahead &&
              ahead.left > 0 &&
              ahead.periodStart.getTime() === monthStart(now).getTime()
            ) {
              ahead.left -= 1;
              used += 1;
              refill(now);
              return { budgeted: false };
            }
            if (!counting) {
              refillFailed = false;
              counting = countAhead(now).finally(() => (counting = undefined));
            }
            await counting;
          }
        },
        async settle() {
          // A block still being counted is given back with the rest.
          await counting?.catch(() => undefined);
          await giveBack();
        },
      };
    },

    /** After a call's cost is logged: the 80 % budget notice, once a month, to the owner. */
    async afterCall(context: TMeterContext, now = new Date()) {
      const budget = await repo.budgetOf(db, context.projectId);
      if (!budget) return;
      const periodStart = monthStart(now);
      const spent = await repo.projectCost(db, context.projectId, periodStart);
      if (spent * 100 < budget.monthlyCapCents * 0.8) return;
      if (!(await repo.claimBudgetWarning(db, context.projectId, periodStart))) return;
      const ownerId = await repo.projectOwner(db, context.projectId);
      if (!ownerId) return;
      const name = await repo.projectName(db, context.projectId);
      const warning: TBudgetWarning = {
        type: 'budget-warning',
        projectId: context.projectId,
        projectName: name,
        spentCents: Math.round(spent * 100),
        monthlyCapCents: budget.monthlyCapCents,
      };
      realtime.publish(`user:${ownerId}`, warning, { kind: 'budget-warning' });
    },
  };
  return meter;
}

export type TUsageMeter = ReturnType<typeof createUsageMeter>;
/** Admits one model call, or refuses it with a 402 (`TUsageMeter['admit']`). */
export type TAdmission = Pick<TUsageMeter, 'admit'>;

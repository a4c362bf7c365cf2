import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TSubscriptionPlan } from '@flowsmith/shared';
import {
  invoices,
  nodes,
  reqLogs,
  runs,
  subscriptions,
  usageCounters,
} from '../../db/schema/index';
import { expectError, fieldsOf, useWorld, type TWorld } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';
import { plansOf, setUsage, buy } from '../../test/billing-fixtures';

const countOf = async (w: TWorld, query: ReturnType<typeof sql>) =>
  Number(
    ((await w.t.database.db.execute(query)) as unknown as { rows: Array<{ n: string }> }).rows[0]!
      .n,
  );

describe.each(testDatabaseKinds)('quotas and purchases on %s', (kind) => {
  const w = useWorld(kind, {
    config: {
      runs: {
        concurrency: 4,
        parallelRuns: 8,
        nodeTimeoutMs: 5_000,
        retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 50 },
      },
    },
  });
  let plans: Record<string, TSubscriptionPlan>;

  beforeAll(async () => {
    plans = await plansOf(w);
  });

  it('puts a user without a subscription on the Free plan and shows their usage', async () => {
    const answer = await w.as.owner.get('/api/billing');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      plan: { code: 'free', maxProjects: 3 },
      subscription: null,
      usage: { projects: 1, members: 3, requests: 0, cost: 0 },
      paymentProvider: 'local',
    });
    expect(new Date(answer.body.resetsAt).getUTCDate()).toBe(1);
  });

  it('refuses a project over the plan with 402 naming the quota, also when creates race', async () => {
    const creates = await Promise.all(
      Array.from({ length: 10 }, (_, i) => w.as.stranger.post('/api/projects', { name: `P${i}` })),
    );
    // The stranger owned one project; Free allows three.
    expect(creates.filter((a) => a.status === 201)).toHaveLength(2);
    const refused = creates.find((a) => a.status === 402)!;
    expectError(refused, 402, 'quota_exceeded');
    expect(refused.body.error.quota).toEqual({ name: 'maxProjects', limit: 3, resetsAt: null });
    expect(refused.body.error.message).toMatch(/Free plan allows 3 projects/);
    expect((await w.as.stranger.get('/api/billing')).body.usage.projects).toBe(3);
  });

  it('refuses a member over the plan of the project owner', async () => {
    const answer = await w.as.owner.post('/api/project_users', {
      projectId: w.projectId,
      userId: w.users.admin.id,
      role: 'viewer',
    });
    expectError(answer, 402, 'quota_exceeded');
    expect(answer.body.error.quota).toMatchObject({ name: 'maxMembers', limit: 3 });
    // Someone already in is a conflict, not a new member.
    const again = await w.as.owner.post('/api/project_users', {
      projectId: w.projectId,
      userId: w.users.editor.id,
      role: 'viewer',
    });
    expectError(again, 409, 'conflict');
  });

  it('rejects bad purchases naming the field, and writes nothing', async () => {
    const before = await countOf(w, sql`select count(*) as n from ${subscriptions}`);
    for (const seats of [0, -1, 1.5, 1001, 'three']) {
      const answer = await w.as.owner.post('/api/subscriptions', {
        planId: plans.pro!.id,
        seats,
        period: 'yearly',
      });
      expectError(answer, 400, 'validation_error');
      expect(fieldsOf(answer), String(seats)).toEqual(['seats']);
    }
    const badPeriod = await w.as.owner.post('/api/subscriptions', {
      planId: plans.pro!.id,
      seats: 1,
      period: 'weekly',
    });
    expect(fieldsOf(badPeriod)).toEqual(['period']);
    const unknown = await w.as.owner.post('/api/subscriptions', {
      planId: '00000000-0000-4000-8000-000000000000',
      seats: 1,
      period: 'monthly',
    });
    expectError(unknown, 400, 'validation_error');
    expect(fieldsOf(unknown)).toEqual(['planId']);
    expect(await countOf(w, sql`select count(*) as n from ${subscriptions}`)).toBe(before);
    expect(await countOf(w, sql`select count(*) as n from ${invoices}`)).toBe(0);
  });

  it('buys Pro with 3 seats yearly: active at once, a paid invoice, higher limits', async () => {
    const answer = await buy(w, plans.pro!, 3, 'yearly');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'active',
      seats: 3,
      period: 'yearly',
      provider: 'local',
      checkoutUrl: null,
    });
    const days =
      (Date.parse(answer.body.currentPeriodEnd) - Date.parse(answer.body.currentPeriodStart)) /
      86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    const list = await w.as.owner.get('/api/invoices');
    expect(list.body.items).toEqual([
      expect.objectContaining({
        subscriptionId: answer.body.id,
        planId: plans.pro!.id,
        seats: 3,
        period: 'yearly',
        amountCents: 3 * plans.pro!.priceYearlyCents,
        status: 'paid',
      }),
    ]);
    expect((await w.as.owner.get('/api/billing')).body.plan.code).toBe('pro');
    expect(
      (
        await w.as.owner.post('/api/project_users', {
          projectId: w.projectId,
          userId: w.users.admin.id,
          role: 'viewer',
        })
      ).status,
    ).toBe(201);
    // Another user sees neither the subscription nor its invoice.
    expectError(await w.as.stranger.get(`/api/subscriptions/${answer.body.id}`), 404, 'not_found');
    expectError(
      await w.as.stranger.put(`/api/subscriptions/${answer.body.id}`, { cancelAtPeriodEnd: true }),
      404,
      'not_found',
    );
    expect((await w.as.stranger.get('/api/invoices')).body.items).toEqual([]);

    // Cancelling at period end keeps the plan until then.
    const cancelled = await w.as.owner.put(`/api/subscriptions/${answer.body.id}`, {
      cancelAtPeriodEnd: true,
    });
    expect(cancelled.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await w.as.owner.get('/api/billing')).body.plan.code).toBe('pro');
    const seatsChange = await w.as.owner.put(`/api/subscriptions/${answer.body.id}`, { seats: 5 });
    expectError(seatsChange, 400, 'validation_error');
  });

  it('counts model requests atomically: 50 runs one below the limit make exactly one call', async () => {
    const { group } = await w.make.flow('echo');
    const limit = (await w.as.owner.get('/api/billing')).body.plan.requestsPerMonth as number;
    await setUsage(w, w.users.owner.id, limit - 1);
    const started = await Promise.all(
      Array.from({ length: 50 }, () =>
        w.as.owner.post('/api/runs', {
          projectId: w.projectId,
          nodeGroupId: group.id,
          inputs: { question: 'hi' },
        }),
      ),
    );
    // A run that starts after the last request was taken is refused at once; the others fail
    // at their model call. Either way only one call is made.
    const accepted = started.filter((a) => a.status === 202);
    for (const refusedEarly of started.filter((a) => a.status !== 202))
      expectError(refusedEarly, 402, 'quota_exceeded');
    const finished = await Promise.all(
      accepted.map((a) => w.t.app.runJobs.executor.waitFor(a.body.run.id, 60_000)),
    );
    expect(finished.filter((run) => run!.status === 'succeeded')).toHaveLength(1);
    expect(finished.filter((run) => run!.status === 'failed')).toHaveLength(accepted.length - 1);
    const logged = await countOf(
      w,
      sql`select count(*) as n from ${reqLogs} where ${reqLogs.projectId} = ${w.projectId}
          and ${reqLogs.runId} is not null`,
    );
    expect(logged).toBe(1);
    expect((await w.as.owner.get('/api/billing')).body.usage.requests).toBe(limit);

    // At the limit, a new run and custom_ais/handle are refused at once.
    const refused = await w.as.owner.post('/api/runs', {
      projectId: w.projectId,
      nodeGroupId: group.id,
      inputs: { question: 'hi' },
    });
    expectError(refused, 402, 'quota_exceeded');
    expect(refused.body.error.quota).toMatchObject({ name: 'requestsPerMonth', limit });
    expect(Date.parse(refused.body.error.quota.resetsAt)).toBeGreaterThan(Date.now());
    const handle = await w.as.owner.post('/api/custom_ais/handle', {
      nodeGroupId: group.id,
      inputs: { question: 'hi' },
    });
    expectError(handle, 402, 'quota_exceeded');
  });

  it('fails the node whose model call passes the limit, with the limit in its message', async () => {
    const { group, processor } = await w.make.flow('echo');
    const second = await w.created(
      w.as.owner.post('/api/nodes', {
        projectId: w.projectId,
        type: 'ai_processor',
        parentId: group.nodeId,
        data: { title: 'again', params: { model: 'echo', template: '{{input}}' } },
      }),
    );
    await w.make.connect(processor.id, 'text', second.id, 'input');
    const limit = (await w.as.owner.get('/api/billing')).body.plan.requestsPerMonth as number;
    await setUsage(w, w.users.owner.id, limit - 1);
    const started = await w.as.owner.post('/api/runs', {
      projectId: w.projectId,
      nodeGroupId: group.id,
      inputs: { question: 'hi' },
    });
    const run = await w.t.app.runJobs.executor.waitFor(started.body.run.id, 30_000);
    expect(run!.status).toBe('failed');
    const nodes = (await w.as.owner.get(`/api/runs/${run!.id}/nodes`)).body.items as Array<{
      nodeId: string;
      status: string;
      error: string | null;
    }>;
    expect(nodes.find((n) => n.nodeId === processor.id)).toMatchObject({ status: 'succeeded' });
    expect(nodes.find((n) => n.nodeId === second.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/allows [\d,]+ model requests a month; this limit resets on/),
    });
    await setUsage(w, w.users.owner.id, 0);
  });

  it("counts a run's model calls ahead, gives back the unused, and never passes the limit", async () => {
    await setUsage(w, w.users.owner.id, 0);
    const chainOf = async (models: string[]) => {
      const { group, processor } = await w.make.flow('echo');
      let previous = processor.id;
      for (const [i, model] of models.entries()) {
        const next = await w.created(
          w.as.owner.post('/api/nodes', {
            projectId: w.projectId,
            type: 'ai_processor',
            parentId: group.nodeId,
            data: { title: `next ${i}`, params: { model, template: '{{input}}' } },
          }),
        );
        await w.make.connect(previous, 'text', next.id, 'input');
        previous = next.id;
      }
      return group;
    };
    const run = async (groupId: string) => {
      const started = await w.as.owner.post('/api/runs', {
        projectId: w.projectId,
        nodeGroupId: groupId,
        inputs: { question: 'hi' },
      });
      return (await w.t.app.runJobs.executor.waitFor(started.body.run.id, 60_000))!;
    };
    const used = async () => (await w.as.owner.get('/api/billing')).body.usage.requests as number;

    // Four model nodes expected; the second cannot run (its model went away after it was
    // saved), so only one call is made and counted.
    const broken = await chainOf(['echo', 'echo', 'echo']);
    await w.t.database.db
      .update(nodes)
      .set({ data: sql`jsonb_set(${nodes.data}, '{params,model}', '"gone:model"')` })
      .where(and(eq(nodes.parentId, broken.nodeId), sql`${nodes.data} ->> 'title' = 'next 0'`));
    expect((await run(broken.id)).status).toBe('failed');
    expect(await used()).toBe(1);

    // Near the limit, concurrent runs of three calls each make exactly the calls left.
    const limit = (await w.as.owner.get('/api/billing')).body.plan.requestsPerMonth as number;
    await setUsage(w, w.users.owner.id, limit - 5);
    const chain = await chainOf(['echo', 'echo']);
    const before = await countOf(
      w,
      sql`select count(*) as n from ${reqLogs} where ${reqLogs.projectId} = ${w.projectId}
          and ${reqLogs.status} = 'succeeded'`,
    );
    const runs = await Promise.all(Array.from({ length: 4 }, () => run(chain.id)));
    expect(runs.filter((r) => r.status === 'succeeded').length).toBeLessThanOrEqual(1);
    const made =
      (await countOf(
        w,
        sql`select count(*) as n from ${reqLogs} where ${reqLogs.projectId} = ${w.projectId}
            and ${reqLogs.status} = 'succeeded'`,
      )) - before;
    expect(made).toBe(5);
    expect(await used()).toBe(limit);
    await setUsage(w, w.users.owner.id, 0);
  });

  it("counts a run's next block of requests while its last calls go on, not when it runs out", async () => {
    const used = async () => (await w.as.owner.get('/api/billing')).body.usage.requests as number;
    const call = { projectId: w.projectId };
    const admitAll = async (
      admission: ReturnType<typeof w.t.app.models.meter.forRun>,
      n: number,
    ) => {
      const outcomes: unknown[] = [];
      for (let i = 0; i < n; i++)
        outcomes.push(
          await admission.admit(call).then(
            () => 'admitted',
            (error: unknown) => error,
          ),
        );
      return outcomes;
    };

    await setUsage(w, w.users.owner.id, 0);
    const admission = w.t.app.models.meter.forRun(call, 100);
    await admitAll(admission, 15);
    expect(await used()).toBe(32);
    // The 16th call leaves 16 of the first block: the next is counted with no further call.
    await admitAll(admission, 1);
    await expect.poll(used, { timeout: 10_000 }).toBe(64);
    await admitAll(admission, 54);
    await admission.settle();
    expect(await used()).toBe(70);

    // Near the limit, a block that cannot be counted ahead refuses no call early.
    const limit = (await w.as.owner.get('/api/billing')).body.plan.requestsPerMonth as number;
    await setUsage(w, w.users.owner.id, limit - 40);
    const near = w.t.app.models.meter.forRun(call, 100);
    const outcomes = await admitAll(near, 45);
    expect(outcomes.slice(0, 40)).toEqual(Array(40).fill('admitted'));
    for (const refused of outcomes.slice(40))
      expect(refused).toMatchObject({ message: expect.stringMatching(/model requests a month/) });
    await near.settle();
    expect(await used()).toBe(limit);
    await setUsage(w, w.users.owner.id, 0);
  });

  it("counts a run's first requests with its claim: never past the limit, and at the limit the call fails as before", async () => {
    const { group, processor } = await w.make.flow('echo');
    const limit = (await w.as.owner.get('/api/billing')).body.plan.requestsPerMonth as number;
    const db = w.t.database.db;
    // Stored queued and in no queue: only the claims below take them.
    const queued = async () =>
      (
        await db
          .insert(runs)
          .values({
            projectId: w.projectId,
            userId: w.users.owner.id,
            nodeGroupId: group.id,
            inputs: { question: 'hi' },
          })
          .returning({ id: runs.id })
      )[0]!.id;
    const executed = async (ids: string[]) => {
      await Promise.all(ids.map((id) => w.t.app.runJobs.executor.execute(id)));
      return db.select().from(runs).where(inArray(runs.id, ids));
    };
    const succeededCalls = () =>
      countOf(
        w,
        sql`select count(*) as n from ${reqLogs} where ${reqLogs.projectId} = ${w.projectId}
            and ${reqLogs.status} = 'succeeded'`,
      );

    // Three requests left, eight runs of one call claimed at once: three make their call.
    await setUsage(w, w.users.owner.id, limit - 3);
    const before = await succeededCalls();
    const edge = await executed(await Promise.all(Array.from({ length: 8 }, queued)));
    expect(edge.filter((run) => run.status === 'succeeded')).toHaveLength(3);
    expect((await succeededCalls()) - before).toBe(3);
    expect((await w.as.owner.get('/api/billing')).body.usage.requests).toBe(limit);

    // Claimed at the limit: its model call fails with the limit in its message.
    const [atLimit] = await executed([await queued()]);
    expect(atLimit!.status).toBe('failed');
    const states = (await w.as.owner.get(`/api/runs/${atLimit!.id}/nodes`)).body.items as Array<{
      nodeId: string;
      status: string;
      error: string | null;
    }>;
    expect(states.find((n) => n.nodeId === processor.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/allows [\d,]+ model requests a month; this limit resets on/),
    });
    expect((await w.as.owner.get('/api/billing')).body.usage.requests).toBe(limit);
    await setUsage(w, w.users.owner.id, 0);
  });

  it('admits exactly the requests left when 50 model calls race', async () => {
    await setUsage(w, w.users.owner.id, 0);
    const limit = (await w.as.owner.get('/api/billing')).body.plan.requestsPerMonth as number;
    await setUsage(w, w.users.owner.id, limit - 3);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => w.t.app.models.meter.admit({ projectId: w.projectId })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const [counter] = await w.t.database.db
      .select()
      .from(usageCounters)
      .where(eq(usageCounters.userId, w.users.owner.id));
    expect(counter!.requests).toBe(limit);
    await setUsage(w, w.users.owner.id, 0);
  });

  it('refuses a chat at the limit with 402 and keeps the conversation as it was', async () => {
    const assistant = await w.make.customAi();
    const conversation = await w.created(
      w.as.owner.post('/api/conversations', { customAiId: assistant.id }),
    );
    const limit = (await w.as.owner.get('/api/billing')).body.plan.requestsPerMonth as number;
    await setUsage(w, w.users.owner.id, limit);
    const answer = await w.as.owner.post(`/api/custom_ais/${assistant.id}/chat`, {
      trigger: 'submit-message',
      conversationId: conversation.id,
      message: { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'hello' }] },
    });
    expectError(answer, 402, 'quota_exceeded');
    const messages = await w.as.owner.get(`/api/conversations/${conversation.id}/messages`);
    expect(messages.body.items).toEqual([]);
    await setUsage(w, w.users.owner.id, 0);
  });
});

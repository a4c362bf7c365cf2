import type { AddressInfo } from 'node:net';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TRun } from '@flowsmith/shared';
import type { TDatabase } from '../db/database';
import { reqLogs, runs } from '../db/schema/index';
import { createTestApp, type TTestApp } from './test-app';
import type { TTestDatabaseKind } from './test-databases';

export type TActor = { id: string; cookie: string } | null;
export type TAnswer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The fields a 400 names. */
export const fieldsOf = (answer: TAnswer): string[] =>
  (answer.body?.error?.details ?? []).map((d: { field: string }) => d.field);

/** The answer is the error envelope with this status and code. */
export function expectError(answer: TAnswer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error).toMatchObject({ code, message: expect.any(String) });
}

/** An HTTP client acting as one user (or nobody). */
export function clientFor(t: TTestApp, actor: TActor) {
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: actor ? { cookie: actor.cookie, origin: t.origin } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    let body: unknown = response.body;
    try {
      body = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      // not JSON
    }
    return { status: response.statusCode, body } as TAnswer;
  };

  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
}
export type TClient = ReturnType<typeof clientFor>;

/**
 * An instance with an admin and four people around one project: its owner, an editor, a viewer,
 * and a stranger who has a project of their own.
 */
export async function createWorld(
  database: TTestDatabaseKind | TDatabase,
  options: Omit<Parameters<typeof createTestApp>[0], 'database'> = {},
) {
  const t = await createTestApp({ database, ...options });
  const signUp = async (email: string, name: string) => {
    const { cookie, body } = await t.signUp(email, name);
    return { id: body.user.id, cookie };
  };
  const admin = await signUp('admin@example.com', 'Ada Admin');
  const owner = await signUp('owner@example.com', 'Olive Owner');
  const editor = await signUp('editor@example.com', 'Eddie Editor');
  const viewer = await signUp('viewer@example.com', 'Vera Viewer');
  const stranger = await signUp('stranger@example.com', 'Sam Stranger');
  const as = {
    admin: clientFor(t, admin),
    owner: clientFor(t, owner),
    editor: clientFor(t, editor),
    viewer: clientFor(t, viewer),
    stranger: clientFor(t, stranger),
    anonymous: clientFor(t, null),
  };
  const created = async (answer: Promise<TAnswer>) => {
    const { status, body } = await answer;
    if (status !== 201) throw new Error(`expected 201, got ${status}: ${JSON.stringify(body)}`);
    return body;
  };
  const projectId: string = (await created(as.owner.post('/api/projects', { name: 'Main' }))).id;
  await created(
    as.owner.post('/api/project_users', { projectId, userId: editor.id, role: 'editor' }),
  );
  await created(
    as.owner.post('/api/project_users', { projectId, userId: viewer.id, role: 'viewer' }),
  );
  const strangerProjectId: string = (
    await created(as.stranger.post('/api/projects', { name: 'Elsewhere' }))
  ).id;

  let serial = 0;
  const unique = (prefix: string) => `${prefix}_${++serial}`;
  const make = {
    node: async (
      type: string,
      inProject = projectId,
      by = inProject === projectId ? as.owner : as.stranger,
    ) => created(by.post('/api/nodes', { projectId: inProject, type })),
    group: async (type = 'ai_group', inProject = projectId) =>
      created(
        (inProject === projectId ? as.owner : as.stranger).post('/api/node_groups', {
          projectId: inProject,
          name: unique('group'),
          type,
        }),
      ),
    database: async (inProject = projectId) =>
      created(
        (inProject === projectId ? as.owner : as.stranger).post('/api/node_databases', {
          projectId: inProject,
          name: unique('db'),
        }),
      ),
    customAi: async (inProject = projectId) =>
      created(
        (inProject === projectId ? as.owner : as.stranger).post('/api/custom_ais', {
          projectId: inProject,
          name: unique('assistant'),
        }),
      ),
    /** A finished run of the owner's, without running anything. */
    finishedRun: async () => {
      const [row] = await t.database.db
        .insert(runs)
        .values({ projectId, userId: owner.id, status: 'succeeded' })
        .returning();
      return row!;
    },
    /** A request-log row, as a model call writes it: the owner's echo call unless told. */
    reqLog: async (values: Partial<typeof reqLogs.$inferInsert> = {}) => {
      const [row] = await t.database.db
        .insert(reqLogs)
        .values({
          projectId,
          userId: owner.id,
          provider: 'echo',
          model: 'echo',
          status: 'succeeded',
          ...values,
        })
        .returning();
      return row!;
    },
  };

  /** A node of the owner's project inside `group`, with these params. */
  const child = (group: { nodeId: string }, type: string, params: Record<string, unknown>) =>
    created(
      as.owner.post('/api/nodes', {
        projectId,
        type,
        parentId: group.nodeId,
        data: { title: type, params },
      }),
    );
  /** A connection in the owner's project. */
  const connect = (source: string, sourceHandle: string, target: string, targetHandle: string) =>
    created(
      as.owner.post('/api/node_connections', {
        projectId,
        source,
        sourceHandle,
        target,
        targetHandle,
      }),
    );

  /** input (`question`) → AI processor (`Q: {{input}}` on `model`) → AI output (`answer`), in a runnable group. */
  const flow = async (
    model: string,
    options: { name?: string; inputParams?: Record<string, unknown> } = {},
  ) => {
    const name = options.name ?? unique(`Flow ${model}`);
    const group = await created(
      as.owner.post('/api/node_groups', { projectId, name, type: 'ai_group' }),
    );
    const node = (type: string, params: Record<string, unknown>) => child(group, type, params);
    const input = await node('input', { name: 'question', ...options.inputParams });
    const processor = await node('ai_processor', { model, template: 'Q: {{input}}' });
    const output = await node('ai_output', { name: 'answer' });
    await connect(input.id, 'value', processor.id, 'input');
    await connect(processor.id, 'text', output.id, 'text');
    return { group, input, processor, output };
  };

  /** Starts a run of a new `flow` on `model` as its owner; the run's id. */
  const flowRun = async (model: string, question = 'why?') => {
    const { group } = await flow(model);
    const started = await as.owner.post('/api/runs', {
      projectId,
      nodeGroupId: group.id,
      inputs: { question },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return started.body.run.id as string;
  };

  /** The run once it has finished, read as `client` (the owner unless given). */
  const finished = async (runId: string, client = as.owner): Promise<TRun> => {
    for (let i = 0; i < 400; i++) {
      const run = (await client.get(`/api/runs/${runId}`)).body as TRun;
      if (['succeeded', 'failed', 'cancelled'].includes(run.status)) return run;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the run did not finish');
  };

  /** A realtime client signed in as `client` (the owner unless given), connected to the app. */
  const socket = async (client = as.owner) => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { token } = (await client.get('/api/auth/ws-token')).body;
    const connected = connectSocket(`http://127.0.0.1:${port}`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve) => connected.once('connect', () => resolve()));
    return connected;
  };

  return {
    t,
    finished,
    socket,
    users: { admin, owner, editor, viewer, stranger },
    as,
    projectId,
    strangerProjectId,
    make: { ...make, child, connect, flow, flowRun },
    unique,
    created,
  };
}

export type TWorld = Awaited<ReturnType<typeof createWorld>>;

/**
 * The world of the enclosing `describe`: created before its tests, closed after them. Its
 * fields are there once the first `beforeAll` has run; a later `beforeAll` may use them.
 */
export function useWorld(
  database: TTestDatabaseKind | TDatabase,
  options: Parameters<typeof createWorld>[1] = {},
): TWorld {
  const world = {} as TWorld;
  beforeAll(async () => {
    Object.assign(world, await createWorld(database, options));
  }, 120_000);
  afterAll(() => world.t?.close());
  return world;
}

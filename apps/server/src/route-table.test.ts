import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, GRAPH_FORMAT_VERSION } from '@flowsmith/shared';
import { eq } from 'drizzle-orm';
import { sessions } from './db/schema/index';
import { createWorld, type TWorld } from './test/api-world';
import { catalogTextFixtures, resourceFixtures, updateBody } from './test/resource-fixtures';

const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

type TRoute = { method: string; url: string; isPublic: boolean };
type TRequest = { payload?: unknown; headers?: Record<string, string> };

/** Every route that anonymous callers may use; adding one here is a decision, not a fix. */
const publicRoutes = [
  'GET /api/check',
  'GET /api/docs',
  'POST /api/auth/register',
  'POST /api/auth/verify-email',
  'POST /api/auth/resend-verification',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/billing/stripe/webhook',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/confirm-email',
  // End-user apps: each app's access mode decides who may use it (apps.test.ts).
  'GET /api/apps/:slug',
  'POST /api/apps/:slug/run',
  'GET /api/apps/:slug/embed.js',
];

/** Rows every signed-in user reads and only the admin writes. */
const catalog = new Set([
  'node_types',
  'node_type_params',
  'node_type_param_types',
  'node_input_types',
  'node_output_types',
  'database_value_types',
  'subscription_plans',
  'model_prices',
]);

/** Routes that call a server the user named; the fixtures name one that does not answer. */
const callsOut = new Set(['GET /api/mcp_servers/:id/tools']);

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'junk');

/**
 * For each resource an API path names by id: a row of the owner — in their project, or theirs
 * alone — that a stranger may not reach, or a catalog row.
 */
async function rowsOfTheOwner(w: TWorld): Promise<Record<string, Record<string, string>>> {
  const ids: Record<string, Record<string, string>> = {};
  for (const f of resourceFixtures) {
    const writer = f.scope === 'catalog' ? w.as.admin : w.as.owner;
    ids[f.name] = { id: (await w.created(writer.post(`/api/${f.name}`, await f.create(w)))).id };
  }
  for (const f of catalogTextFixtures) {
    const seeded = await w.as.admin.get(`/api/${f.name}?${f.find}`);
    ids[f.name] = { id: seeded.body.items[0].id };
  }
  const db = w.t.database.db;
  const members = await w.as.owner.get(`/api/project_users?projectId=${w.projectId}`);
  const customAiId = ids.custom_ais!.id!;
  const conversation = await w.created(w.as.owner.post('/api/conversations', { customAiId }));
  const run = await w.make.finishedRun();
  const log = await w.make.reqLog();
  // The owner's profile picture, which `GET /api/users/:id/avatar` serves to co-members only.
  await w.t.app.inject({
    method: 'PUT',
    url: '/api/account/avatar',
    headers: { cookie: w.users.owner.cookie, origin: w.t.origin, 'content-type': 'image/png' },
    payload: Buffer.from(TINY_PNG, 'base64'),
  });
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, w.users.owner.id));
  const file = await w.t.app.files.save(w.projectId, new Uint8Array([1, 2, 3]), 'image/png');
  // A published group, so that its versions and publication exist.
  const { group } = await w.make.flow('echo');
  const published = await w.created(w.as.owner.post(`/api/node_groups/${group.id}/versions`, {}));
  return {
    ...ids,
    node_groups: { id: group.id, versionId: published.version.id },
    v1: { id: group.id },
    projects: { id: w.projectId },
    project_users: {
      id: members.body.items.find((m: { userId: string }) => m.userId === w.users.editor.id).id,
    },
    users: { id: w.users.owner.id },
    conversations: { id: conversation.id },
    runs: { id: run.id },
    req_logs: { id: log.id },
    // The subscription bought above, paid locally, left its invoice.
    invoices: { id: (await w.as.owner.get('/api/invoices')).body.items[0].id },
    account: { id: session!.id },
    files: { projectId: w.projectId, name: file.fileId.split('/')[1]! },
  };
}

/** A request that passes validation, so that only access can refuse it. */
async function validRequest(w: TWorld, route: TRoute, conversationId: string): Promise<TRequest> {
  const resource = route.url.split('/')[2]!;
  const fixture = resourceFixtures.find((f) => f.name === resource);
  const textFixture = catalogTextFixtures.find((f) => f.name === resource);
  const bodies: Record<string, unknown> = {
    'PUT /api/projects/:id': { name: 'Renamed' },
    'PUT /api/project_users/:id': { role: 'viewer' },
    'PUT /api/users/:id': { name: 'Renamed' },
    'PUT /api/conversations/:id': { title: 'Renamed' },
    'PUT /api/projects/:id/budget': { monthlyCapCents: 1000 },
    'PUT /api/projects/:id/graph/layout': {
      nodes: [{ id: randomUUID(), position: { x: 0, y: 0 } }],
    },
    'POST /api/projects/:id/graph/delete': {},
    'POST /api/projects/:id/graph/import': {
      graph: { format: GRAPH_FORMAT, version: GRAPH_FORMAT_VERSION, nodes: [], edges: [] },
    },
    'POST /api/custom_ais/:id/chat': { trigger: 'regenerate-message', conversationId },
    'POST /api/node_groups/:id/versions': { note: '' },
    'PUT /api/node_groups/:id/publication': { access: 'link' },
    'POST /api/v1/groups/:id/run': { inputs: {} },
  };
  const key = keyOf(route);
  if (key === 'POST /api/node_databases/:id/import')
    return { payload: 'key,value\na,1', headers: { 'content-type': 'text/csv' } };
  if (key in bodies) return { payload: bodies[key] };
  if (fixture && key === `PUT /api/${resource}/:id`)
    return { payload: await updateBody(fixture, w) };
  if (textFixture && key === `PUT /api/${resource}/:id`) return { payload: textFixture.texts };
  return {};
}

describe('the route table', () => {
  let w: TWorld;
  const routes: TRoute[] = [];
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, isPublic: route.config?.public === true });
    }
  };

  beforeAll(async () => {
    w = await createWorld('pglite', { onRoute: collect });
  }, 120_000);
  afterAll(() => w.t.close());

  const inject = (actor: string | null, route: TRoute, url: string, request: TRequest) =>
    w.t.app.inject({
      method: route.method as 'GET',
      url,
      headers: { ...(actor ? { cookie: actor, origin: w.t.origin } : {}), ...request.headers },
      ...(request.payload === undefined ? {} : { payload: request.payload as string }),
    });

  it('opens only the known public routes to anonymous callers', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => r.isPublic).map(keyOf)).toEqual(
      expect.arrayContaining(publicRoutes),
    );
    expect(routes.filter((r) => r.isPublic)).toHaveLength(publicRoutes.length);
  });

  it('answers 401 to an anonymous caller of every other route, before reading the body', async () => {
    const junk = { payload: '{"junk": [', headers: { 'content-type': 'application/json' } };
    for (const route of routes) {
      const answer = await inject(null, route, fill(route.url, {}), junk);
      if (route.isPublic) {
        expect(answer.statusCode, keyOf(route)).toBeLessThan(500);
        continue;
      }
      expect(answer.statusCode, keyOf(route)).toBe(401);
      expect(answer.json().error.code, keyOf(route)).toBe('unauthorized');
    }
  });

  it('refuses every state-changing session request from another origin, before reading the body', async () => {
    const owner = w.users.owner.cookie;
    const junk = { payload: '{"junk": [', headers: { 'content-type': 'application/json' } };
    const foreign = [
      { origin: 'http://flowsmith.test:8080' },
      { origin: 'http://evil.flowsmith.test' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      {},
    ];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const origin of foreign) {
        const answer = await w.t.app.inject({
          method: route.method as 'POST',
          url: fill(route.url, {}),
          headers: { cookie: owner, ...junk.headers, ...origin },
          payload: junk.payload,
        });
        const key = `${keyOf(route)} ${JSON.stringify(origin)}`;
        // Anonymous routes refuse a foreign origin but let a client that names none through.
        if (route.isPublic && !('origin' in origin) && !('referer' in origin)) {
          expect(answer.statusCode, key).not.toBe(403);
          continue;
        }
        expect(answer.statusCode, key).toBe(403);
        expect(answer.json().error, key).toMatchObject({
          code: 'forbidden',
          message: expect.stringMatching(/Origin|origin|Flowsmith app/),
        });
      }
    }
  });

  it("keeps every row named in a path from a stranger: another project's is not found", async () => {
    const rows = await rowsOfTheOwner(w);
    const conversationId = rows.conversations!.id!;
    const stranger = w.users.stranger.cookie;
    const owner = w.users.owner.cookie;
    // Public routes (apps) decide who may use them by the app's access mode (apps.test.ts).
    for (const route of routes.filter((r) => r.url.includes(':') && !r.isPublic)) {
      const key = keyOf(route);
      const resource = route.url.split('/')[2]!;
      const params = rows[resource];
      if (!params) expect.fail(`${key}: add to this test whose row a ${resource} id names`);
      const url = fill(route.url, params);
      const request = await validRequest(w, route, conversationId);
      const answer = await inject(stranger, route, url, request);
      const expected = catalog.has(resource) ? (route.method === 'GET' ? 200 : 403) : 404;
      if (answer.statusCode === 405) {
        // A method the resource refuses to everyone is not a way around the guard.
        expect((await inject(owner, route, url, request)).statusCode, key).toBe(405);
        continue;
      }
      expect(answer.statusCode, `${key} ${answer.body}`).toBe(expected);
      if (route.method === 'GET') {
        // The row is real: its owner reaches it (and, through a route that calls an outside
        // server the test does not run, gets that server's failure).
        const reached = callsOut.has(key) ? 502 : 200;
        expect((await inject(owner, route, url, request)).statusCode, key).toBe(reached);
      }
    }
  });
});

// `npm run bench:collab`: edit-to-visible latency on one project for 2 and 20 clients, side by
// side with a bare Socket.IO server relaying the same payload between the same number of
// clients, in the same run. An iteration is timed from the edit until the last of the other
// clients has it. Modes:
// - `canvas write`: a REST canvas write (a node moved through PUT /graph/layout) until every
//   other client receives its publication on `project:{id}`. Runs only when the server
//   publishes canvas writes; otherwise it says so and is skipped.
// - `presence cursor`: a member's cursor update until every other member receives it.
// Goal: p99 at most 100 ms above the bare relay's at 20 clients.
import './support/as-started';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import type {
  TClientToServerEvents,
  TPublication,
  TServerToClientEvents,
} from '../packages/shared/src/index';
import { PRESENCE_PING } from '../apps/server/src/plugins/realtime-presence';
import { startBenchApp } from './support/bench-app';
import { percentile } from './support/measure';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const CLIENT_COUNTS = [2, 20];
/** Between iterations, so cursor updates stay within the rate a member may send. */
const PACE_MS = 60;
const TARGET_ADDED_P99_MS = 100;
const ITERATION_TIMEOUT_MS = 5_000;

type TAppClient = Socket<TServerToClientEvents, TClientToServerEvents>;
type TRawClient = Socket;
type TSample = { app: number[]; raw: number[] };

const bench = await startBenchApp();
const { app, database, origin } = bench;
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function call(method: string, url: string, payload?: object, cookie = '') {
  const response = await fetch(`${appUrl}${url}`, {
    method,
    headers: {
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie, origin } : {}),
    },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

const owner = await bench.signUp('owner@example.com', 'Olive Owner');
const editor = await bench.signUp('editor@example.com', 'Eddie Editor');
const projectId = (await call('POST', '/api/projects', { name: 'Bench' }, owner.cookie)).body
  .id as string;
await call(
  'POST',
  '/api/project_users',
  { projectId, userId: editor.id, role: 'editor' },
  owner.cookie,
);
const node = await call('POST', '/api/nodes', { projectId, type: 'ai_processor' }, owner.cookie);
if (node.status !== 201) throw new Error(`node: ${JSON.stringify(node.body)}`);
const nodeId = node.body.id as string;
const channel = `project:${projectId}`;

/** The bare relay: Socket.IO with the app's settings, no authentication, access or storage. */
async function startRaw() {
  const http: HttpServer = createServer();
  const io = new Server(http, { serveClient: false, ...PRESENCE_PING });
  io.on('connection', (socket) => {
    void socket.join('room');
    socket.on('relay', (payload: unknown) => socket.to('room').emit('relayed', payload));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
const raw = await startRaw();

function opened<T extends Socket>(client: T): Promise<T> {
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

async function appClients(count: number): Promise<TAppClient[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const who = i % 2 ? editor : owner;
      const { token } = (await call('GET', '/api/auth/ws-token', undefined, who.cookie)).body as {
        token: string;
      };
      const client: TAppClient = await opened(
        connect(appUrl, { auth: { token }, transports: ['websocket'], reconnection: false }),
      );
      const reply = await client.emitWithAck('subscribe', channel);
      if (!reply.ok) throw new Error(`subscribe: ${reply.error.message}`);
      return client;
    }),
  );
}

async function rawClients(count: number): Promise<TRawClient[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      opened(connect(raw.url, { transports: ['websocket'], reconnection: false })),
    ),
  );
}

/** Resolves when every listener has seen a matching event once, with the elapsed time. */
function allReceive<T>(
  receivers: Socket[],
  event: string,
  matches: (payload: T) => boolean,
): { done: Promise<number>; start(): void } {
  let started = 0;
  const done = Promise.all(
    receivers.map(
      (receiver) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            receiver.off(event, listener);
            reject(new Error(`no ${event} within ${ITERATION_TIMEOUT_MS} ms`));
          }, ITERATION_TIMEOUT_MS);
          function listener(payload: T) {
            if (!matches(payload)) return;
            clearTimeout(timer);
            receiver.off(event, listener);
            resolve();
          }
          receiver.on(event, listener);
        }),
    ),
  ).then(() => performance.now() - started);
  return {
    done,
    start: () => {
      started = performance.now();
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type TMode = {
  name: string;
  /** Makes edit number `i` from the first app client; resolves when it has been sent. */
  edit(sender: TAppClient, i: number): Promise<void>;
  /** The event the other app clients receive, and whether it is edit `i`'s. */
  event: 'publication' | 'presence-state';
  matches(payload: unknown, i: number): boolean;
  /** What the bare relay forwards for edit `i`: the same payload as the app sends. */
  payload(i: number): unknown;
};

const layoutPosition = (i: number) => ({ x: 1_000 + i * 20, y: 200 });

const canvasWrite: TMode = {
  name: 'canvas write',
  async edit(_sender, i) {
    const answer = await call(
      'PUT',
      `/api/projects/${projectId}/graph/layout`,
      { nodes: [{ id: nodeId, position: layoutPosition(i) }] },
      owner.cookie,
    );
    if (answer.status !== 200) throw new Error(`layout: ${JSON.stringify(answer.body)}`);
  },
  event: 'publication',
  matches: (payload, i) => {
    const text = JSON.stringify((payload as TPublication).data);
    return text.includes(nodeId) && text.includes(`"x":${layoutPosition(i).x}`);
  },
  payload: (i) => ({
    channel,
    data: { type: 'layout', nodes: [{ id: nodeId, position: layoutPosition(i) }] },
    offset: i + 1,
  }),
};

const cursorAt = (i: number) => ({ x: i + 0.5, y: 100 });
const presenceCursor: TMode = {
  name: 'presence cursor',
  async edit(sender, i) {
    sender.emit('presence-state', channel, { cursor: cursorAt(i) });
  },
  event: 'presence-state',
  matches: (payload, i) => (payload as { cursor?: { x: number } }).cursor?.x === cursorAt(i).x,
  payload: (i) => ({ channel, client: 'sender', cursor: cursorAt(i) }),
};

/** Whether a canvas write reaches another client as a publication at all. */
async function canvasWritesPublished(): Promise<boolean> {
  const [sender, receiver] = await appClients(2);
  const probe = allReceive(receiver ? [receiver] : [], 'publication', (p: unknown) =>
    canvasWrite.matches(p, -1),
  );
  probe.start();
  await canvasWrite.edit(sender!, -1);
  const published = await probe.done.then(
    () => true,
    () => false,
  );
  sender!.disconnect();
  receiver!.disconnect();
  return published;
}

async function run(mode: TMode, count: number): Promise<TSample> {
  const appSide = await appClients(count);
  const rawSide = await rawClients(count);
  const sample: TSample = { app: [], raw: [] };
  try {
    const warmUp = Math.min(20, ITERATIONS);
    for (let i = 0; i < warmUp + ITERATIONS; i++) {
      const appWait = allReceive(appSide.slice(1), mode.event, (p: unknown) => mode.matches(p, i));
      appWait.start();
      await mode.edit(appSide[0]!, i);
      const appMs = await appWait.done;

      const payload = mode.payload(i);
      const rawWait = allReceive(rawSide.slice(1), 'relayed', (p: unknown) =>
        Boolean(p && JSON.stringify(p) === JSON.stringify(payload)),
      );
      rawWait.start();
      rawSide[0]!.emit('relay', payload);
      const rawMs = await rawWait.done;

      if (i >= warmUp) {
        sample.app.push(appMs);
        sample.raw.push(rawMs);
      }
      await pause(PACE_MS);
    }
  } finally {
    for (const client of [...appSide, ...rawSide]) client.disconnect();
  }
  return sample;
}

const rows: Record<string, string | number>[] = [];
const verdicts: string[] = [];
const kind = database.kind === 'pglite' ? 'the embedded database (PGlite)' : 'PostgreSQL';
console.log(
  `Edit-to-visible latency on one project (${kind}), ${ITERATIONS} edits per line, ` +
    'against a bare Socket.IO relay of the same payload in the same run',
);
const modes = [presenceCursor];
if (await canvasWritesPublished()) modes.unshift(canvasWrite);
else {
  console.log(
    'canvas write: skipped — this server does not publish canvas writes on project channels; ' +
      'the mode runs once it does.',
  );
}
for (const mode of modes) {
  for (const count of CLIENT_COUNTS) {
    const sample = await run(mode, count);
    const p = (values: number[], q: number) => percentile(values, q);
    const added = p(sample.app, 99) - p(sample.raw, 99);
    rows.push({
      mode: mode.name,
      clients: count,
      'p50 ms': p(sample.app, 50).toFixed(1),
      'p99 ms': p(sample.app, 99).toFixed(1),
      'bare p50 ms': p(sample.raw, 50).toFixed(1),
      'bare p99 ms': p(sample.raw, 99).toFixed(1),
      'p50 ratio': (p(sample.app, 50) / p(sample.raw, 50)).toFixed(2),
      'p99 ratio': (p(sample.app, 99) / p(sample.raw, 99)).toFixed(2),
      'p99 added ms': added.toFixed(1),
    });
    if (count === Math.max(...CLIENT_COUNTS)) {
      const met = added <= TARGET_ADDED_P99_MS ? 'met' : 'NOT met';
      verdicts.push(
        `${mode.name}, ${count} clients: p99 ${added.toFixed(1)} ms above the bare relay ` +
          `(target ≤ ${TARGET_ADDED_P99_MS} ms: ${met})`,
      );
    }
  }
}
console.table(rows);
for (const verdict of verdicts) console.log(verdict);

await raw.close();
await bench.close();
process.exit(0);

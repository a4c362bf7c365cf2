import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { echoImage } from '../modules/models/echo-model';

type TChatBody = {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
};

const USAGE = { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 };

const textOf = (content: TChatBody['messages'][number]['content']) =>
  typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');

// The models that answer like tiny-chat after a wait, in ms.
const DELAYED_MS: Partial<Record<string, number>> = { 'delayed-chat': 200, 'quick-chat': 80 };

/**
 * An OpenAI-compatible model server on a loopback port, for tests. Its models behave as named:
 * `tiny-chat` answers (streamed or not) with the last user message, `flaky-chat` answers 429
 * once and then like tiny-chat, `broken-chat` always fails with 500, `hanging-chat` never
 * answers, `slow-chat` streams like tiny-chat one word every 150 ms, `delayed-chat` answers like
 * tiny-chat after 200 ms (a model's usual wait, for benchmarks) and `quick-chat` after 80 ms,
 * `tool-chat` calls the first tool it is offered and then reports its result, and `tiny-image`
 * draws a picture.
 */
export async function startFakeOpenAiServer() {
  const requests: Array<{ path: string; body: TChatBody & Record<string, unknown> }> = [];
  const open = new Set<ServerResponse>();
  let flakyCalls = 0;

  const reply = (body: TChatBody) =>
    `Hello from tiny: ${textOf(body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '')}`;

  function chat(body: TChatBody, res: ServerResponse) {
    const delay = DELAYED_MS[body.model];
    if (delay) {
      setTimeout(() => chat({ ...body, model: 'tiny-chat' }, res), delay);
      return;
    }
    if (body.model === 'hanging-chat') {
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    if (body.model === 'broken-chat') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ error: { message: 'The model crashed', type: 'server_error' } }),
      );
    }
    if (body.model === 'flaky-chat' && flakyCalls++ === 0) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      return res.end(JSON.stringify({ error: { message: 'Slow down', type: 'rate_limit' } }));
    }
    const base = { id: 'chatcmpl-1', created: 1_700_000_000, model: body.model };
    if (body.model === 'tool-chat') return toolChat(body, res, base);
    const text = reply(body);
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [
            { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
          ],
          usage: USAGE,
        }),
      );
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const pieces = text.match(/\S+\s*/g) ?? [];
    const piece = (content: string) =>
      send({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { content }, finish_reason: null }],
      });
    const finish = () => {
      send({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      });
      send({ ...base, object: 'chat.completion.chunk', choices: [], usage: USAGE });
      res.end('data: [DONE]\n\n');
    };
    if (body.model !== 'slow-chat') {
      pieces.forEach(piece);
      return finish();
    }
    open.add(res);
    const timer = setInterval(() => {
      const next = pieces.shift();
      if (next === undefined) {
        clearInterval(timer);
        return finish();
      }
      piece(next);
    }, 150);
    res.on('close', () => {
      clearInterval(timer);
      open.delete(res);
    });
  }

  /** Calls the first tool with the last user message, then reports what the tool returned. */
  function toolChat(body: TChatBody, res: ServerResponse, base: object) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: object, finish: string | null = null) =>
      send({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
    const toolResult = body.messages.find((m) => m.role === 'tool');
    const tools =
      (
        body as {
          tools?: Array<{ function: { name: string; parameters: { properties?: object } } }>;
        }
      ).tools ?? [];
    if (toolResult || tools.length === 0) {
      chunk({
        role: 'assistant',
        content: `The workflow said: ${toolResult ? textOf(toolResult.content) : 'nothing'}`,
      });
      chunk({}, 'stop');
    } else {
      const target = tools[0]!.function;
      const field = Object.keys(target.parameters.properties ?? {})[0] ?? 'input';
      const args = JSON.stringify({ [field]: reply(body).replace('Hello from tiny: ', '') });
      chunk({
        role: 'assistant',
        tool_calls: [
          {
            index: 0,
            id: 'call_1',
            type: 'function',
            function: { name: target.name, arguments: '' },
          },
        ],
      });
      chunk({ tool_calls: [{ index: 0, function: { arguments: args } }] });
      chunk({}, 'tool_calls');
    }
    send({ ...base, object: 'chat.completion.chunk', choices: [], usage: USAGE });
    res.end('data: [DONE]\n\n');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? JSON.parse(raw) : {};
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ path, body });
    if (req.method === 'GET' && path === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ data: ['tiny-chat', 'flaky-chat', 'tiny-image'].map((id) => ({ id })) }),
      );
    }
    if (path === '/v1/chat/completions') return chat(body, res);
    if (path === '/v1/images/generations') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const b64 = Buffer.from(echoImage(String(body.prompt))).toString('base64');
      return res.end(JSON.stringify({ created: 1_700_000_000, data: [{ b64_json: b64 }] }));
    }
    res.writeHead(404).end();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions'),
    /** Answers still being sent (slow or hanging ones), which a cancelled call closes. */
    openCount: () => open.size,
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TFakeOpenAiServer = Awaited<ReturnType<typeof startFakeOpenAiServer>>;

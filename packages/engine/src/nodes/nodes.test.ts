import { describe, expect, it } from 'vitest';
import { nodeCatalog, nodeKinds, readNodeParams, type TNodeKind } from '@flowsmith/shared';
import { runWorkflow } from '../run/run-workflow';
import type { TEngineNode, TWorkflow } from '../run/run-types';
import type { TEngineServices, TStoredValue, TTextRequest } from './engine-services';
import { nodeRegistry } from './node-registry';

function fakeServices() {
  const requests: TTextRequest[] = [];
  const stored: TStoredValue[] = [];
  const services: TEngineServices = {
    models: {
      async streamText(request) {
        requests.push(request);
        const reply = `reply to ${request.prompt}`;
        for (const word of reply.split(' ')) request.onDelta(`${word} `);
        return { text: reply };
      },
      async generateImage(request) {
        return { fileId: 'f1', url: `/files/${request.prompt}.png`, mediaType: 'image/png' };
      },
    },
    customAis: {
      get: async (id) =>
        id === 'ai1'
          ? { id, model: 'openai:gpt', systemPrompt: 'Be kind.', temperature: 0.2, maxTokens: 50 }
          : undefined,
    },
    databases: {
      read: async (_id, query) =>
        [
          { key: 'alpha', value: '1', type: 'number' as const },
          { key: 'beta', value: '{"x":true}', type: 'json' as const },
        ].filter((v) =>
          query.mode === 'by_key'
            ? v.key === query.key
            : query.mode === 'filter'
              ? v.key.includes(query.filter!)
              : true,
        ),
      append: async (_id, value) => {
        stored.push(value);
      },
    },
    now: () => new Date('2026-03-04T05:06:07Z'),
  };
  return { services, requests, stored };
}

const n = (id: string, kind: TNodeKind, params: Record<string, unknown> = {}): TEngineNode => ({
  id,
  title: id,
  ...readNodeParams(kind, params),
});
const e = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  source,
  sourceHandle,
  target,
  targetHandle,
});

async function run(workflow: TWorkflow, inputs: Record<string, unknown> = {}) {
  const fake = fakeServices();
  const tokens: string[] = [];
  const result = await runWorkflow(workflow, nodeRegistry, inputs, fake.services, {}, (event) => {
    if (event.type === 'node-token') tokens.push(event.delta);
  });
  return { result, tokens, ...fake };
}

describe('node implementations', () => {
  it('runs input → AI processor → AI output, filling the template and streaming tokens', async () => {
    const { result, requests, tokens } = await run(
      {
        nodes: [
          n('q', 'input', { name: 'question' }),
          n('ai', 'ai_processor', {
            template: 'Q: {{input}}',
            model: 'echo',
            temperature: 0.5,
            systemPrompt: 'Short.',
          }),
          n('out', 'ai_output'),
        ],
        edges: [e('q', 'value', 'ai', 'input'), e('ai', 'text', 'out', 'text')],
      },
      { question: 'why?' },
    );
    expect(result.status).toBe('succeeded');
    expect(result.nodes.out?.output).toEqual({ text: 'reply to Q: why?' });
    expect(requests[0]).toMatchObject({
      model: 'echo',
      system: 'Short.',
      prompt: 'Q: why?',
      temperature: 0.5,
    });
    expect(tokens.join('')).toBe('reply to Q: why? ');
  });

  it('uses a custom AI in place of a bare model', async () => {
    const { requests } = await run({
      nodes: [
        n('ai', 'ai_processor', { customAiId: 'ai1', template: 'hi', systemPrompt: 'Also this.' }),
      ],
      edges: [],
    });
    expect(requests[0]).toMatchObject({
      model: 'openai:gpt',
      system: 'Be kind.\n\nAlso this.',
      temperature: 0.2,
      maxTokens: 50,
      customAiId: 'ai1',
    });
    const gone = await run({ nodes: [n('ai', 'ai_processor', { customAiId: 'nope' })], edges: [] });
    expect(gone.result.nodes.ai?.error).toBe('The custom AI of this node no longer exists');
  });

  it('fails an input without a value, and checks typed inputs', async () => {
    expect(
      (await run({ nodes: [n('q', 'input', { name: 'q' })], edges: [] })).result.nodes.q?.error,
    ).toBe('No value was given for "q"');
    expect(
      (await run({ nodes: [n('q', 'input', { name: 'q', defaultValue: 'd' })], edges: [] })).result
        .nodes.q?.output,
    ).toEqual({ value: 'd' });
    const number = await run(
      { nodes: [n('q', 'input', { name: 'q', valueType: 'number' })], edges: [] },
      { q: 'ten' },
    );
    expect(number.result.nodes.q?.error).toBe('Input "q" must be a number');
    const json = await run(
      { nodes: [n('q', 'input', { name: 'q', valueType: 'json' })], edges: [] },
      { q: '{"a":1}' },
    );
    expect(json.result.nodes.q?.output).toEqual({ value: { a: 1 } });
  });

  it('makes an image and hands it to the image output', async () => {
    const { result } = await run(
      {
        nodes: [
          n('p', 'input', { name: 'p' }),
          n('img', 'ai_image', { template: 'a {{prompt}}' }),
          n('show', 'ai_image_output'),
        ],
        edges: [e('p', 'value', 'img', 'prompt'), e('img', 'image', 'show', 'image')],
      },
      { p: 'cat' },
    );
    expect(result.nodes.show?.output).toEqual({
      image: { fileId: 'f1', url: '/files/a cat.png', mediaType: 'image/png' },
    });
  });

  it('reads a database as JSON or text, and stores into one', async () => {
    const all = await run({
      nodes: [n('db', 'database', { databaseId: 'd', mode: 'all', format: 'json' })],
      edges: [],
    });
    expect(all.result.nodes.db?.output).toEqual({
      values: [
        { key: 'alpha', value: 1, type: 'number' },
        { key: 'beta', value: { x: true }, type: 'json' },
      ],
    });
    const text = await run({
      nodes: [
        n('db', 'database', { databaseId: 'd', mode: 'by_key', key: 'alpha', format: 'text' }),
      ],
      edges: [],
    });
    expect(text.result.nodes.db?.output).toEqual({ values: 'alpha: 1' });
    const missing = await run({ nodes: [n('db', 'database', {})], edges: [] });
    expect(missing.result.nodes.db?.error).toBe('Choose a database in the node settings');

    const store = await run(
      {
        nodes: [
          n('q', 'input', { name: 'q' }),
          n('save', 'request_storage', {
            databaseId: 'd',
            keyTemplate: 'answer-{{date}}',
            valueType: 'text',
          }),
        ],
        edges: [e('q', 'value', 'save', 'value')],
      },
      { q: 'hello' },
    );
    expect(store.stored).toEqual([{ key: 'answer-2026-03-04', value: 'hello', type: 'text' }]);
    const wrongType = await run(
      {
        nodes: [
          n('q', 'input', { name: 'q' }),
          n('save', 'request_storage', { databaseId: 'd', valueType: 'number' }),
        ],
        edges: [e('q', 'value', 'save', 'value')],
      },
      { q: 'hello' },
    );
    expect(wrongType.result.nodes.save?.error).toBe(
      'The value cannot be stored as number: Must be a number',
    );
  });

  it('renders only the inputs a node received, whatever their names', async () => {
    const { requests } = await run(
      {
        nodes: [
          n('q', 'input', { name: 'q' }),
          n('ai', 'ai_processor', {
            template: '{{__proto__}}|{{constructor}}|{{toString}}|{{hasOwnProperty}}',
          }),
        ],
        edges: [e('q', 'value', 'ai', '__proto__')],
      },
      { q: 'given' },
    );
    expect(requests[0]?.prompt).toBe('given|||');
  });

  it('reads run inputs by their own keys only', async () => {
    const { result } = await run({ nodes: [n('q', 'input', { name: 'constructor' })], edges: [] });
    expect(result.nodes.q?.error).toBe('No value was given for "constructor"');
  });

  it('has an implementation for every kind that runs', () => {
    const runs = nodeKinds.filter(
      (kind) => !nodeCatalog[kind].flags.group && !nodeCatalog[kind].flags.note,
    );
    expect(runs.filter((kind) => !nodeRegistry[kind])).toEqual([]);
  });
});

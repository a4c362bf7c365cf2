import { z } from 'zod';
import type { TValueTypeCode } from '../catalog/catalog-types';
import type { TGraphDocument, TGraphDocumentEdge } from '../graph/graph-document';
import { GRAPH_FORMAT, GRAPH_FORMAT_VERSION } from '../graph/graph-document';
import { ZId } from '../resources/common';

/** A node database a template brings along, filled with its first values. */
type TTemplateDatabase = {
  ref: string;
  name: string;
  description: string;
  values: Array<{ key: string; value: string; type: TValueTypeCode }>;
};

/** A custom AI a template brings along, with the template's runnable groups as its tools. */
type TTemplateCustomAi = {
  name: string;
  description: string;
  systemPrompt: string;
  /** Document ids of the groups it may call. */
  tools: string[];
};

export type TStarterTemplate = {
  id: string;
  name: string;
  description: string;
  icon: string;
  graph: TGraphDocument;
  databases: TTemplateDatabase[];
  customAi: TTemplateCustomAi | null;
  /** Params naming one of the template's databases, filled in with its id when applied. */
  databaseParams: Array<{ node: string; param: string; database: string }>;
};

type TTemplateNode = TGraphDocument['nodes'][number];
type THandle = TTemplateNode['inputs'][number];

const text = (name: string, label: string): THandle => ({ name, label, type: 'text' });
const handles = {
  input: { inputs: [], outputs: [{ name: 'value', label: 'Value', type: 'any' }] },
  ai_processor: { inputs: [text('input', 'Input')], outputs: [text('text', 'Text')] },
  ai_output: { inputs: [text('text', 'Text')], outputs: [] },
  ai_image: {
    inputs: [text('prompt', 'Prompt')],
    outputs: [{ name: 'image', label: 'Image', type: 'image' }],
  },
  ai_image_output: { inputs: [{ name: 'image', label: 'Image', type: 'image' }], outputs: [] },
  database: { inputs: [], outputs: [{ name: 'values', label: 'Values', type: 'any' }] },
  request_storage: { inputs: [{ name: 'value', label: 'Value', type: 'any' }], outputs: [] },
  blank: { inputs: [], outputs: [] },
  ai_group: { inputs: [], outputs: [] },
  ai_image_group: { inputs: [], outputs: [] },
} satisfies Record<string, Pick<TTemplateNode, 'inputs' | 'outputs'>>;

function node(
  id: string,
  type: keyof typeof handles,
  title: string,
  x: number,
  y: number,
  params: Record<string, unknown>,
  extra: Partial<TTemplateNode> = {},
): TTemplateNode {
  return {
    id,
    type,
    position: { x, y },
    data: { title, params },
    width: null,
    height: null,
    parentId: null,
    group: null,
    ...handles[type],
    ...extra,
  };
}

/** A connection from `source`'s output handle to `target`'s input handle. */
function edge(source: string, sourceHandle: string, target: string, targetHandle: string) {
  const id = `${source}-${target}`;
  return {
    id,
    source,
    sourceHandle,
    target,
    targetHandle,
    label: '',
    type: 'button',
  } satisfies TGraphDocumentEdge;
}

const graph = (nodes: TTemplateNode[], edges: TGraphDocumentEdge[]): TGraphDocument => ({
  format: GRAPH_FORMAT,
  version: GRAPH_FORMAT_VERSION,
  nodes,
  edges,
});

/** The note every template carries: it runs on Echo, and which model gives real answers. */
const modelNote = (
  where: string,
  model = 'a chat model such as OpenAI gpt-4o-mini or Anthropic Claude',
) =>
  node('note', 'blank', 'Pick a real model', 0, -170, {
    note:
      `This template runs as it is on the built-in Echo model, which only repeats its prompt. ` +
      `For real answers open the settings of ${where} and pick ${model} (add a provider key ` +
      `in Settings → Providers first).`,
  });

type TTextFlow = Pick<TStarterTemplate, 'id' | 'name' | 'description' | 'icon'> & {
  input: { title: string; name: string; defaultValue: string; description: string };
  processor: { title: string; systemPrompt: string; template: string; temperature: number };
  output: { title: string; name: string };
};

/** Input → AI processor → AI output, the shape of the plain text templates. */
function textFlow({ input, processor, output, ...about }: TTextFlow): TStarterTemplate {
  return {
    ...about,
    graph: graph(
      [
        modelNote(`"${processor.title}" (AI processor)`),
        node('input', 'input', input.title, 0, 0, {
          name: input.name,
          valueType: 'text',
          defaultValue: input.defaultValue,
          description: input.description,
        }),
        node('processor', 'ai_processor', processor.title, 320, 0, {
          model: 'echo',
          systemPrompt: processor.systemPrompt,
          template: processor.template,
          temperature: processor.temperature,
        }),
        node('output', 'ai_output', output.title, 640, 0, { name: output.name }),
      ],
      [edge('input', 'value', 'processor', 'input'), edge('processor', 'text', 'output', 'text')],
    ),
    databases: [],
    customAi: null,
    databaseParams: [],
  };
}

const questionAnswer = textFlow({
  id: 'question-answer',
  name: 'Question → answer',
  description: 'Ask a question, get a streamed answer.',
  icon: 'pi pi-question-circle',
  input: {
    title: 'Question',
    name: 'question',
    defaultValue: 'What can I build with AI workflows?',
    description: 'What you want to know',
  },
  processor: {
    title: 'Answer',
    systemPrompt: 'You answer questions clearly and briefly.',
    template: '{{input}}',
    temperature: 0.7,
  },
  output: { title: 'Answer', name: 'answer' },
});

const summarise = textFlow({
  id: 'summarise-text',
  name: 'Summarise a text',
  description: 'Paste a long text and get its summary in three sentences.',
  icon: 'pi pi-align-left',
  input: {
    title: 'Text',
    name: 'text',
    defaultValue:
      'Flowsmith lets you build AI workflows on a canvas: inputs feed AI processors, whose ' +
      'answers go to outputs, databases or other processors. Runs stream their answers live ' +
      'and every model call is written to the request log with its cost.',
    description: 'The text to summarise',
  },
  processor: {
    title: 'Summarise',
    systemPrompt: 'You write short, faithful summaries.',
    template: 'Summarise this text in at most three sentences:\n\n{{input}}',
    temperature: 0.3,
  },
  output: { title: 'Summary', name: 'summary' },
});

const classifyRows: TStarterTemplate = {
  id: 'classify-rows',
  name: 'Classify database rows',
  description: 'Label every row of a database and store the result in another one.',
  icon: 'pi pi-tags',
  graph: graph(
    [
      modelNote('"Classify" (AI processor)'),
      node('rows', 'database', 'Feedback', 0, 0, {
        databaseId: null,
        mode: 'all',
        format: 'text',
      }),
      node('classify', 'ai_processor', 'Classify', 320, 0, {
        model: 'echo',
        systemPrompt: 'You label customer feedback. Answer with one line per row: key: label.',
        template: 'Label each row as bug, question or idea:\n\n{{input}}',
        temperature: 0,
      }),
      node('store', 'request_storage', 'Store labels', 640, 0, {
        databaseId: null,
        keyTemplate: 'labels-{{datetime}}',
        valueType: 'text',
      }),
      node('labels', 'ai_output', 'Labels', 640, 160, { name: 'labels' }),
    ],
    [
      edge('rows', 'values', 'classify', 'input'),
      edge('classify', 'text', 'store', 'value'),
      edge('classify', 'text', 'labels', 'text'),
    ],
  ),
  databases: [
    {
      ref: 'feedback',
      name: 'Feedback',
      description: 'Rows to classify; import your own CSV or JSON here.',
      values: [
        { key: 'row-1', value: 'The export button does nothing on Safari.', type: 'text' },
        { key: 'row-2', value: 'Can I share a project with my whole team?', type: 'text' },
        { key: 'row-3', value: 'A dark theme for the canvas would be lovely.', type: 'text' },
      ],
    },
    {
      ref: 'labels',
      name: 'Labels',
      description: 'Where each run stores its labels.',
      values: [],
    },
  ],
  customAi: null,
  databaseParams: [
    { node: 'rows', param: 'databaseId', database: 'feedback' },
    { node: 'store', param: 'databaseId', database: 'labels' },
  ],
};

const GROUP_SIZE = { width: 940, height: 260 };
const customAiTool: TStarterTemplate = {
  id: 'custom-ai-tool',
  name: 'Custom AI with a workflow tool',
  description: 'An assistant that calls a workflow of yours as a tool.',
  icon: 'pi pi-comments',
  graph: graph(
    [
      modelNote('"Plan" (AI processor) and of the custom AI "Trip helper"'),
      node(
        'tool',
        'ai_group',
        'Plan a day out',
        0,
        0,
        {},
        {
          ...GROUP_SIZE,
          group: { name: 'Plan a day out', settings: {} },
        },
      ),
      node(
        'city',
        'input',
        'City',
        40,
        80,
        {
          name: 'city',
          valueType: 'text',
          defaultValue: 'Lisbon',
          description: 'The city to plan a day in',
        },
        { parentId: 'tool' },
      ),
      node(
        'plan',
        'ai_processor',
        'Plan',
        340,
        80,
        {
          model: 'echo',
          systemPrompt: 'You plan relaxed days out.',
          template: 'Plan a day out in {{input}}: morning, afternoon and evening.',
          temperature: 0.7,
        },
        { parentId: 'tool' },
      ),
      node('plan-output', 'ai_output', 'Day plan', 640, 80, { name: 'plan' }, { parentId: 'tool' }),
    ],
    [edge('city', 'value', 'plan', 'input'), edge('plan', 'text', 'plan-output', 'text')],
  ),
  databases: [],
  customAi: {
    name: 'Trip helper',
    description: 'Chats about trips and plans days out with the "Plan a day out" workflow.',
    systemPrompt:
      'You help people plan trips. When someone asks for a plan for a city, call the ' +
      '"Plan a day out" tool with that city.',
    tools: ['tool'],
  },
  databaseParams: [],
};

const promptImage: TStarterTemplate = {
  id: 'prompt-image',
  name: 'Prompt → image',
  description: 'Describe a picture and get it drawn.',
  icon: 'pi pi-image',
  graph: graph(
    [
      modelNote('"Draw" (AI image)', 'an image model such as OpenAI dall-e-3'),
      node('prompt', 'input', 'Prompt', 0, 0, {
        name: 'prompt',
        valueType: 'text',
        defaultValue: 'A lighthouse at dawn, watercolour',
        description: 'What to draw',
      }),
      node('draw', 'ai_image', 'Draw', 320, 0, {
        model: 'echo',
        template: '{{prompt}}',
        size: '512x512',
      }),
      node('image', 'ai_image_output', 'Picture', 640, 0, { name: 'image' }),
    ],
    [edge('prompt', 'value', 'draw', 'prompt'), edge('draw', 'image', 'image', 'image')],
  ),
  databases: [],
  customAi: null,
  databaseParams: [],
};

/** The ready canvases offered on Home, in an empty project and on an empty canvas. */
export const starterTemplates = [
  questionAnswer,
  summarise,
  classifyRows,
  customAiTool,
  promptImage,
] as const satisfies readonly TStarterTemplate[];

export const starterTemplateIds = starterTemplates.map((t) => t.id) as [string, ...string[]];

export const starterTemplateOf = (id: string): TStarterTemplate | undefined =>
  starterTemplates.find((t) => t.id === id);

/** Starts from a template: in a new project named after it, or on an existing project's canvas. */
export const ZTemplateApply = z.object({
  templateId: z.enum(starterTemplateIds, {
    error: `Template must be one of ${starterTemplateIds.join(', ')}`,
  }),
  projectId: ZId.optional(),
});
export type TTemplateApply = z.infer<typeof ZTemplateApply>;

export const ZTemplateApplied = z.object({
  projectId: ZId,
  /** The custom AI the template created, if any. */
  customAiId: ZId.nullable(),
});
export type TTemplateApplied = z.infer<typeof ZTemplateApplied>;

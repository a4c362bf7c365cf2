import type { TIoTypeCode, TParamTypeCode } from './catalog-types';

export const nodeKinds = [
  'group',
  'ai_group',
  'ai_image_group',
  'ui_group',
  'database_group',
  'database',
  'ai_image',
  'ai_output',
  'ai_image_output',
  'ai_processor',
  'blank',
  'ui',
  'ui_chat',
  'input',
  'request_storage',
] as const;
export type TNodeKind = (typeof nodeKinds)[number];

export type TParamDefinition = {
  name: string;
  label: string;
  type: TParamTypeCode;
  required?: boolean;
  defaultValue?: string | number | boolean | null;
  options?: string[];
  min?: number;
  max?: number;
  description?: string;
};

export type THandleDefinition = { name: string; label: string; type: TIoTypeCode };

export type TNodeKindDefinition = {
  kind: TNodeKind;
  name: string;
  description: string;
  /** A primeicons class name. */
  icon: string;
  color: string;
  category: 'group' | 'input' | 'ai' | 'output' | 'data' | 'ui' | 'note';
  isGroup: boolean;
  /** A group whose nodes form a workflow that can be run on its own and offered to a custom AI. */
  runnable: boolean;
  params: TParamDefinition[];
  inputs: THandleDefinition[];
  outputs: THandleDefinition[];
};

const groupKind = (
  kind: TNodeKind,
  name: string,
  description: string,
  icon: string,
  color: string,
  runnable: boolean,
): TNodeKindDefinition => ({
  kind,
  name,
  description,
  icon,
  color,
  category: 'group',
  isGroup: true,
  runnable,
  params: [],
  inputs: [],
  outputs: [],
});

const databaseParam: TParamDefinition = {
  name: 'databaseId',
  label: 'Database',
  type: 'database',
  required: true,
};

/** The node kinds of the canvas: one source for the seeded catalog, the canvas and the engine. */
export const nodeKindCatalog: Record<TNodeKind, TNodeKindDefinition> = {
  group: groupKind(
    'group',
    'Group',
    'Frames related nodes together.',
    'pi pi-th-large',
    '#64748b',
    false,
  ),
  ai_group: groupKind(
    'ai_group',
    'AI group',
    'A workflow of AI nodes that can be run on its own or called by a custom AI.',
    'pi pi-sitemap',
    '#6366f1',
    true,
  ),
  ai_image_group: groupKind(
    'ai_image_group',
    'AI image group',
    'A workflow that produces images; runnable and callable by a custom AI.',
    'pi pi-images',
    '#a855f7',
    true,
  ),
  ui_group: groupKind(
    'ui_group',
    'UI group',
    'A form that end users fill in to start a workflow.',
    'pi pi-window-maximize',
    '#0ea5e9',
    false,
  ),
  database_group: groupKind(
    'database_group',
    'Database group',
    'Holds database nodes.',
    'pi pi-server',
    '#14b8a6',
    false,
  ),
  input: {
    kind: 'input',
    name: 'Input',
    description: 'A value given when the run starts.',
    icon: 'pi pi-sign-in',
    color: '#22c55e',
    category: 'input',
    isGroup: false,
    runnable: false,
    params: [
      {
        name: 'name',
        label: 'Name',
        type: 'string',
        required: true,
        defaultValue: 'input',
        description: 'How runs and tools refer to this input.',
      },
      {
        name: 'valueType',
        label: 'Value type',
        type: 'select',
        required: true,
        defaultValue: 'text',
        options: ['text', 'number', 'json', 'file'],
      },
      { name: 'defaultValue', label: 'Default value', type: 'text' },
      { name: 'description', label: 'Description', type: 'text' },
    ],
    inputs: [],
    outputs: [{ name: 'value', label: 'Value', type: 'any' }],
  },
  ai_processor: {
    kind: 'ai_processor',
    name: 'AI processor',
    description: 'Fills its prompt template from its inputs and asks a model or a custom AI.',
    icon: 'pi pi-microchip-ai',
    color: '#6366f1',
    category: 'ai',
    isGroup: false,
    runnable: false,
    params: [
      { name: 'model', label: 'Model', type: 'model' },
      {
        name: 'customAiId',
        label: 'Custom AI',
        type: 'custom_ai',
        description: 'Use a custom AI instead of a bare model.',
      },
      { name: 'systemPrompt', label: 'System prompt', type: 'text' },
      {
        name: 'template',
        label: 'Prompt template',
        type: 'text',
        required: true,
        defaultValue: '{{input}}',
        description: 'Use {{name}} to insert an input.',
      },
      {
        name: 'temperature',
        label: 'Temperature',
        type: 'number',
        defaultValue: 0.7,
        min: 0,
        max: 2,
      },
      { name: 'maxTokens', label: 'Max tokens', type: 'number', min: 1, max: 200_000 },
    ],
    inputs: [{ name: 'input', label: 'Input', type: 'text' }],
    outputs: [{ name: 'text', label: 'Text', type: 'text' }],
  },
  ai_output: {
    kind: 'ai_output',
    name: 'AI output',
    description: 'Shows and returns the text it receives.',
    icon: 'pi pi-comment',
    color: '#f59e0b',
    category: 'output',
    isGroup: false,
    runnable: false,
    params: [{ name: 'name', label: 'Name', type: 'string', defaultValue: 'output' }],
    inputs: [{ name: 'text', label: 'Text', type: 'text' }],
    outputs: [],
  },
  ai_image: {
    kind: 'ai_image',
    name: 'AI image',
    description: 'Fills its prompt template and asks an image model for a picture.',
    icon: 'pi pi-image',
    color: '#a855f7',
    category: 'ai',
    isGroup: false,
    runnable: false,
    params: [
      { name: 'model', label: 'Model', type: 'model' },
      {
        name: 'template',
        label: 'Prompt template',
        type: 'text',
        required: true,
        defaultValue: '{{prompt}}',
      },
      {
        name: 'size',
        label: 'Size',
        type: 'select',
        defaultValue: '1024x1024',
        options: ['256x256', '512x512', '1024x1024'],
      },
    ],
    inputs: [{ name: 'prompt', label: 'Prompt', type: 'text' }],
    outputs: [{ name: 'image', label: 'Image', type: 'image' }],
  },
  ai_image_output: {
    kind: 'ai_image_output',
    name: 'AI image output',
    description: 'Shows and returns the image it receives.',
    icon: 'pi pi-eye',
    color: '#ec4899',
    category: 'output',
    isGroup: false,
    runnable: false,
    params: [{ name: 'name', label: 'Name', type: 'string', defaultValue: 'image' }],
    inputs: [{ name: 'image', label: 'Image', type: 'image' }],
    outputs: [],
  },
  database: {
    kind: 'database',
    name: 'Database',
    description: 'Outputs values of a node database: all, by key, or filtered.',
    icon: 'pi pi-database',
    color: '#14b8a6',
    category: 'data',
    isGroup: false,
    runnable: false,
    params: [
      databaseParam,
      {
        name: 'mode',
        label: 'Values',
        type: 'select',
        required: true,
        defaultValue: 'all',
        options: ['all', 'by_key', 'filter'],
      },
      { name: 'key', label: 'Key', type: 'string' },
      { name: 'filter', label: 'Filter (key contains)', type: 'string' },
      {
        name: 'format',
        label: 'Format',
        type: 'select',
        required: true,
        defaultValue: 'json',
        options: ['json', 'text'],
      },
    ],
    inputs: [],
    outputs: [{ name: 'values', label: 'Values', type: 'any' }],
  },
  request_storage: {
    kind: 'request_storage',
    name: 'Request storage',
    description: 'Appends what it receives to a node database as a new value.',
    icon: 'pi pi-save',
    color: '#0d9488',
    category: 'data',
    isGroup: false,
    runnable: false,
    params: [
      databaseParam,
      {
        name: 'keyTemplate',
        label: 'Key template',
        type: 'string',
        required: true,
        defaultValue: 'value-{{timestamp}}',
      },
      {
        name: 'valueType',
        label: 'Value type',
        type: 'select',
        required: true,
        defaultValue: 'text',
        options: ['text', 'number', 'boolean', 'json', 'date'],
      },
    ],
    inputs: [{ name: 'value', label: 'Value', type: 'any' }],
    outputs: [],
  },
  ui: {
    kind: 'ui',
    name: 'UI field',
    description: 'A form field an end user fills in to start the group it sits in.',
    icon: 'pi pi-pencil',
    color: '#0ea5e9',
    category: 'ui',
    isGroup: false,
    runnable: false,
    params: [
      { name: 'name', label: 'Name', type: 'string', required: true, defaultValue: 'field' },
      { name: 'label', label: 'Label', type: 'string', required: true, defaultValue: 'Field' },
      {
        name: 'fieldType',
        label: 'Field type',
        type: 'select',
        required: true,
        defaultValue: 'text',
        options: ['text', 'textarea', 'number'],
      },
    ],
    inputs: [],
    outputs: [{ name: 'value', label: 'Value', type: 'text' }],
  },
  ui_chat: {
    kind: 'ui_chat',
    name: 'UI chat',
    description: 'A chat box whose messages start the group it sits in.',
    icon: 'pi pi-comments',
    color: '#0284c7',
    category: 'ui',
    isGroup: false,
    runnable: false,
    params: [
      { name: 'placeholder', label: 'Placeholder', type: 'string', defaultValue: 'Ask something…' },
    ],
    inputs: [],
    outputs: [{ name: 'message', label: 'Message', type: 'text' }],
  },
  blank: {
    kind: 'blank',
    name: 'Note',
    description: 'A note on the canvas; never runs.',
    icon: 'pi pi-file',
    color: '#94a3b8',
    category: 'note',
    isGroup: false,
    runnable: false,
    params: [{ name: 'note', label: 'Note', type: 'text' }],
    inputs: [],
    outputs: [],
  },
};

export const groupKinds: TNodeKind[] = nodeKinds.filter((kind) => nodeKindCatalog[kind].isGroup);

import type { TWorld } from './api-world';

type TBody = Record<string, unknown>;

/** How the contract, access and fuzz tests exercise one resource. */
export type TResourceFixture = {
  name: string;
  scope: 'project' | 'owner' | 'catalog';
  /** A valid create body; may make prerequisite rows first. */
  create(w: TWorld): Promise<TBody>;
  update: TBody | ((w: TWorld) => Promise<TBody>);
  /** Fields a 400 must name when the body is empty. */
  required: string[];
  /** Wrong-typed values merged into a valid body, each field to be named in the 400. */
  wrongTypes: TBody;
  /** An over-long value merged into a valid body, and the field the 400 names. */
  tooLong?: [string, TBody];
  sorts: string[];
  /** A body that points at a row of the stranger's project, and the field the 4xx names. */
  foreign?(w: TWorld): Promise<[string, TBody]>;
};

const long = (n: number) => 'x'.repeat(n);

export const updateBody = (f: TResourceFixture, w: TWorld) =>
  typeof f.update === 'function' ? f.update(w) : Promise.resolve(f.update);

export const resourceFixtures: TResourceFixture[] = [
  {
    name: 'nodes',
    scope: 'project',
    create: async (w) => ({ projectId: w.projectId, type: 'input', position: { x: 10, y: 20 } }),
    update: { position: { x: 1, y: 2 }, data: { title: 'Renamed', params: { name: 'question' } } },
    required: ['projectId', 'type'],
    wrongTypes: { position: 'here', width: 'wide' },
    tooLong: ['data.title', { data: { title: long(201), params: {} } }],
    sorts: ['createdAt', 'updatedAt', 'type'],
    foreign: async (w) => [
      'parentId',
      {
        projectId: w.projectId,
        type: 'input',
        parentId: (await w.make.group('group', w.strangerProjectId)).nodeId,
      },
    ],
  },
  {
    name: 'node_groups',
    scope: 'project',
    create: async (w) => ({ projectId: w.projectId, name: w.unique('group'), type: 'ai_group' }),
    update: { name: 'Renamed group', settings: { color: 'blue' } },
    required: ['projectId', 'name'],
    wrongTypes: { settings: 'loud', type: 'database' },
    tooLong: ['name', { name: long(201) }],
    sorts: ['name', 'createdAt'],
    foreign: async (w) => [
      'parentId',
      {
        projectId: w.projectId,
        name: w.unique('group'),
        parentId: (await w.make.group('group', w.strangerProjectId)).nodeId,
      },
    ],
  },
  ...(['node_inputs', 'node_outputs'] as const).map((name): TResourceFixture => ({
    name,
    scope: 'project',
    create: async (w) => ({
      nodeId: (await w.make.node('blank')).id,
      name: w.unique('handle'),
      type: 'text',
    }),
    update: { label: 'Renamed handle' },
    required: ['nodeId', 'name'],
    wrongTypes: { type: 'colour', label: 7 },
    tooLong: ['label', { label: long(101) }],
    sorts: ['name', 'createdAt'],
    foreign: async (w) => [
      'nodeId',
      { nodeId: (await w.make.node('blank', w.strangerProjectId)).id, name: 'x', type: 'text' },
    ],
  })),
  {
    name: 'node_connections',
    scope: 'project',
    create: async (w) => ({
      projectId: w.projectId,
      source: (await w.make.node('input')).id,
      sourceHandle: 'value',
      target: (await w.make.node('ai_processor')).id,
      targetHandle: 'input',
    }),
    update: { label: 'then' },
    required: ['projectId', 'source', 'target', 'sourceHandle', 'targetHandle'],
    wrongTypes: { label: 5, source: 'not-an-id' },
    tooLong: ['label', { label: long(201) }],
    sorts: ['createdAt'],
    foreign: async (w) => [
      'source',
      {
        projectId: w.projectId,
        source: (await w.make.node('input', w.strangerProjectId)).id,
        sourceHandle: 'value',
        target: (await w.make.node('ai_processor')).id,
        targetHandle: 'input',
      },
    ],
  },
  {
    name: 'node_databases',
    scope: 'project',
    create: async (w) => ({ projectId: w.projectId, name: w.unique('database') }),
    update: { description: 'Customer answers' },
    required: ['projectId', 'name'],
    wrongTypes: { description: 5 },
    tooLong: ['name', { name: long(101) }],
    sorts: ['name', 'createdAt'],
  },
  {
    name: 'database_values',
    scope: 'project',
    create: async (w) => ({
      nodeDatabaseId: (await w.make.database()).id,
      key: w.unique('key'),
      value: '42',
      type: 'number',
    }),
    update: { value: '43' },
    required: ['nodeDatabaseId', 'key'],
    wrongTypes: { value: 42, type: 'colour' },
    tooLong: ['key', { key: long(501) }],
    sorts: ['key', 'createdAt', 'updatedAt', 'type'],
    foreign: async (w) => [
      'nodeDatabaseId',
      { nodeDatabaseId: (await w.make.database(w.strangerProjectId)).id, key: 'k', value: 'v' },
    ],
  },
  {
    name: 'custom_ais',
    scope: 'project',
    create: async (w) => ({
      projectId: w.projectId,
      name: w.unique('assistant'),
      systemPrompt: 'Be brief.',
    }),
    update: { temperature: 1.2, description: 'Answers briefly' },
    required: ['projectId', 'name'],
    wrongTypes: { temperature: 'hot', maxTokens: 1.5 },
    tooLong: ['name', { name: long(101) }],
    sorts: ['name', 'createdAt', 'updatedAt'],
  },
  {
    name: 'custom_ai_to_node_groups',
    scope: 'project',
    create: async (w) => ({
      customAiId: (await w.make.customAi()).id,
      nodeGroupId: (await w.make.group()).id,
    }),
    update: async (w) => ({ nodeGroupId: (await w.make.group('ai_image_group')).id }),
    required: ['customAiId', 'nodeGroupId'],
    wrongTypes: { nodeGroupId: 7 },
    sorts: ['createdAt'],
    foreign: async (w) => [
      'nodeGroupId',
      {
        customAiId: (await w.make.customAi()).id,
        nodeGroupId: (await w.make.group('ai_group', w.strangerProjectId)).id,
      },
    ],
  },
  {
    name: 'subscriptions',
    scope: 'owner',
    create: async (w) => {
      const plans = await w.as.owner.get('/api/subscription_plans?sort=sortOrder');
      return { planId: plans.body.items[1].id, period: 'monthly', seats: 2 };
    },
    update: { cancelAtPeriodEnd: true },
    required: ['planId', 'period'],
    wrongTypes: { seats: 'two' },
    sorts: ['createdAt', 'currentPeriodEnd'],
  },
  {
    name: 'api_keys',
    scope: 'owner',
    create: async (w) => ({ name: w.unique('key') }),
    update: { name: 'Renamed key' },
    required: ['name'],
    wrongTypes: { name: 5, expiresAt: 'tomorrow' },
    tooLong: ['name', { name: long(101) }],
    sorts: ['name', 'createdAt', 'lastUsedAt'],
  },
  {
    name: 'provider_credentials',
    scope: 'owner',
    create: async (w) => ({
      provider: 'openai',
      name: w.unique('openai'),
      apiKey: 'sk-test-abcdef123456',
    }),
    update: { name: 'Work account', models: ['gpt-4o-mini'] },
    required: ['provider', 'name', 'apiKey'],
    wrongTypes: { models: 'gpt', baseUrl: 'ftp://x' },
    tooLong: ['name', { name: long(101) }],
    sorts: ['name', 'createdAt'],
  },
  {
    name: 'mcp_servers',
    scope: 'owner',
    create: async (w) => ({
      name: w.unique('mcp'),
      url: 'https://mcp.example.invalid/mcp',
      headers: { Authorization: 'Bearer test' },
    }),
    update: { name: 'Search tools', enabledTools: ['search'] },
    required: ['name', 'url'],
    wrongTypes: { url: 'ftp://x', enabledTools: 'all' },
    tooLong: ['name', { name: long(101) }],
    sorts: ['name', 'createdAt'],
  },
  {
    name: 'model_prices',
    scope: 'catalog',
    create: async (w) => ({ model: w.unique('model'), inputPerMillion: 1.5 }),
    update: { outputPerMillion: 2 },
    required: ['model'],
    wrongTypes: { inputPerMillion: 'cheap', perImage: -1 },
    tooLong: ['model', { model: long(201) }],
    sorts: ['model', 'createdAt'],
  },
  {
    name: 'subscription_plans',
    scope: 'catalog',
    create: async (w) => ({
      code: w.unique('plan'),
      name: 'Enterprise',
      priceMonthlyCents: 10_000,
      priceYearlyCents: 100_000,
      requestsPerMonth: 1_000_000,
      maxProjects: 1000,
      maxMembers: 500,
    }),
    update: { priceMonthlyCents: 9_000 },
    required: [
      'code',
      'name',
      'priceMonthlyCents',
      'priceYearlyCents',
      'requestsPerMonth',
      'maxProjects',
      'maxMembers',
    ],
    wrongTypes: { priceMonthlyCents: 10.5, active: 'yes' },
    tooLong: ['name', { name: long(101) }],
    sorts: ['sortOrder', 'name', 'priceMonthlyCents'],
  },
];

/**
 * How the tests exercise catalog rows generated from the node catalog in code: seeded rows
 * that an administrator may reword, and nothing else.
 */
export type TCatalogTextFixture = {
  name: string;
  /** A list query that finds a seeded row to work on. */
  find: string;
  /** A change of texts the administrator may make. */
  texts: TBody;
  /** Changes of what the code defines, each field to be named in the 400. */
  fixed: TBody;
  tooLong: [string, TBody];
  sorts: string[];
};

export const catalogTextFixtures: TCatalogTextFixture[] = [
  ...(
    [
      'node_type_param_types',
      'node_input_types',
      'node_output_types',
      'database_value_types',
    ] as const
  ).map((name): TCatalogTextFixture => ({
    name,
    find: 'code=text',
    texts: { name: 'Plain text', description: 'Reworded by the admin' },
    fixed: { code: 'words' },
    tooLong: ['name', { name: long(101) }],
    sorts: ['code', 'name', 'createdAt'],
  })),
  {
    name: 'node_types',
    find: 'kind=blank',
    texts: { name: 'Sticky note', description: 'A note for the team' },
    fixed: { kind: 'sticky', isGroup: true, color: '#000000', inputs: [], sortOrder: 1 },
    tooLong: ['name', { name: long(101) }],
    sorts: ['sortOrder', 'kind', 'name'],
  },
  {
    name: 'node_type_params',
    find: 'search=template&sort=name',
    texts: { label: 'Prompt', description: 'What to ask' },
    fixed: { name: 'prompt', type: 'number', required: false, options: ['a'], defaultValue: 'x' },
    tooLong: ['label', { label: long(101) }],
    sorts: ['sortOrder', 'name'],
  },
];

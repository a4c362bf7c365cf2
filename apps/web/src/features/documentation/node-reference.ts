import {
  ioTypeNames,
  nodeCatalog,
  nodeKinds,
  paramTypeNames,
  type TNodeKind,
  type TParamMeta,
} from '@flowsmith/shared';

export type TNodeDoc = {
  kind: TNodeKind;
  name: string;
  description: string;
  category: string;
  icon: string;
  color: string;
  /** What the kind does in a run, from its flags. */
  behaviour: string[];
  params: Array<{
    name: string;
    label: string;
    type: string;
    required: boolean;
    defaultValue: string;
    description: string;
    choices: string;
  }>;
  inputs: Array<{ name: string; label: string; type: string }>;
  outputs: Array<{ name: string; label: string; type: string }>;
  /** A node of this kind as `POST /api/nodes` takes it, its params at their defaults. */
  example: string;
};

const categoryNames: Record<string, string> = {
  input: 'Inputs',
  ai: 'AI',
  output: 'Outputs',
  data: 'Data',
  ui: 'UI',
  group: 'Groups',
  note: 'Notes',
};

export const categoryName = (category: string) => categoryNames[category] ?? category;

function behaviourOf(kind: TNodeKind): string[] {
  const { flags, params, outputs } = nodeCatalog[kind];
  const lines: string[] = [];
  if (params.some((p) => p.type === 'database'))
    lines.push(
      outputs.length
        ? 'Reads values of the node database it names.'
        : 'Writes what it receives to the node database it names, as a new value.',
    );
  if (flags.note) lines.push('Never runs: it is a note for the people reading the canvas.');
  if (flags.entry)
    lines.push(
      'Starts a run: its value is given when the run starts, under its Name, or else its default value.',
    );
  if (flags.templateInputs)
    lines.push(
      'Fills its template from its inputs: {{name}} is replaced by what arrives on the input called name.',
    );
  if (flags.model === 'text') lines.push('Calls a text model (or a custom AI) once per run.');
  if (flags.model === 'image') lines.push('Calls an image model once per run.');
  if (flags.streams) lines.push('Streams its text into the canvas as the model writes it.');
  if (flags.terminal) lines.push('Shows what it receives and returns it as an output of the run.');
  if (flags.group && flags.runnable)
    lines.push(
      'A workflow of its own: its Run button runs the nodes inside it, and a custom AI can call it as a tool.',
    );
  else if (flags.group) lines.push('Frames the nodes inside it; it does not run.');
  return lines;
}

const shown = (value: TParamMeta['defaultValue']) => (value === null ? '' : String(value));

function exampleOf(kind: TNodeKind): string {
  const definition = nodeCatalog[kind];
  const params = Object.fromEntries(
    definition.params.flatMap((p) => (p.defaultValue === null ? [] : [[p.name, p.defaultValue]])),
  );
  const body = {
    projectId: '<project id>',
    type: kind,
    position: { x: 0, y: 0 },
    data: { title: definition.name, params },
  };
  return JSON.stringify(body, null, 2);
}

export function nodeDocOf(kind: TNodeKind): TNodeDoc {
  const definition = nodeCatalog[kind];
  const handle = (h: { name: string; label: string; type: keyof typeof ioTypeNames }) => ({
    name: h.name,
    label: h.label,
    type: ioTypeNames[h.type],
  });
  return {
    kind,
    name: definition.name,
    description: definition.description,
    category: definition.category,
    icon: definition.icon,
    color: definition.color,
    behaviour: behaviourOf(kind),
    params: definition.params.map((p) => ({
      name: p.name,
      label: p.label,
      type: paramTypeNames[p.type],
      required: p.required,
      defaultValue: shown(p.defaultValue),
      description: p.description,
      choices: p.options?.map((o) => `${o.value} (${o.label})`).join(', ') ?? '',
    })),
    inputs: definition.inputs.map(handle),
    outputs: definition.outputs.map(handle),
    example: exampleOf(kind),
  };
}

/** Every node kind of the catalog, in the palette's order. */
export const nodeDocs: readonly TNodeDoc[] = nodeKinds.map(nodeDocOf);

export const nodeDocByKind = (kind: string) => nodeDocs.find((doc) => doc.kind === kind);

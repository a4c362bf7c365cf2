import type { z } from 'zod';
import type { TIoTypeCode, TNodeCategory } from './catalog-types';
import {
  paramMetaOf,
  paramsSchemaOf,
  type TParamMeta,
  type TParamsOf,
  type TParamSpecs,
} from './param-specs';

/** What the engine and the canvas do with nodes of a kind. */
export type TNodeFlags = {
  /** Its value is given when a run starts (an input, a form field, a chat box). */
  entry: boolean;
  /** What it receives is what a run returns. */
  terminal: boolean;
  /** A note on the canvas: it never runs. */
  note: boolean;
  /** It holds other nodes; it never runs itself. */
  group: boolean;
  /** A group whose nodes run on their own, and that a custom AI can call as a tool. */
  runnable: boolean;
  /** It streams text while it runs. */
  streams: boolean;
  /** Its inputs are the `{{variables}}` of its `template` param. */
  templateInputs: boolean;
  /** The models its `model` param offers. */
  model: 'text' | 'image' | 'none';
};

export type THandleDefinition = { name: string; label: string; type: TIoTypeCode };

/** How a kind is named and shown; the name and description are the admin's to reword. */
type TNodeKindLook<K extends string> = {
  kind: K;
  name: string;
  description: string;
  /** A primeicons class name. */
  icon: string;
  color: string;
  category: TNodeCategory;
};

type TNodeKindSpec<K extends string, Ps extends TParamSpecs> = TNodeKindLook<K> & {
  /** Flags left out are off. */
  flags?: Partial<TNodeFlags>;
  inputs?: THandleDefinition[];
  outputs?: THandleDefinition[];
  params?: Ps;
  /** The parts of the one line of params shown on the node; blank parts are left out. */
  summary?: (params: TParamsOf<Ps>) => Array<string | number | undefined>;
};

/** A node kind, described once: the canvas, the seeded catalog rows and the engine read it. */
export type TNodeKindDefinition<
  K extends string = string,
  P = Readonly<Record<string, unknown>>,
> = TNodeKindLook<K> & {
  flags: Readonly<TNodeFlags>;
  inputs: readonly THandleDefinition[];
  outputs: readonly THandleDefinition[];
  /** What the settings dialog asks, in order. */
  params: readonly TParamMeta[];
  paramsSchema: z.ZodType<P>;
  /** Stored params as typed values; never fails (see `paramsSchemaOf`). */
  parseParams(raw: unknown): P;
  summaryParts(raw: unknown): string[];
};

const noFlags: TNodeFlags = {
  entry: false,
  terminal: false,
  note: false,
  group: false,
  runnable: false,
  streams: false,
  templateInputs: false,
  model: 'none',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function defineNodeKind<
  const K extends string,
  const Ps extends TParamSpecs = Record<never, never>,
>(spec: TNodeKindSpec<K, Ps>): TNodeKindDefinition<K, TParamsOf<Ps>> {
  const paramsSchema = paramsSchemaOf(spec.params);
  const parseParams = (raw: unknown) => paramsSchema.parse(isRecord(raw) ? raw : {});
  return {
    kind: spec.kind,
    name: spec.name,
    description: spec.description,
    icon: spec.icon,
    color: spec.color,
    category: spec.category,
    flags: { ...noFlags, ...spec.flags },
    inputs: spec.inputs ?? [],
    outputs: spec.outputs ?? [],
    params: paramMetaOf(spec.params),
    paramsSchema,
    parseParams,
    summaryParts: (raw) => {
      const params = parseParams(raw);
      const labels = chosenOptionLabels(spec.params, params);
      return (spec.summary?.(params) ?? [])
        .map((part) => (part === undefined ? '' : String(part)))
        .map((part) => (labels.get(part) ?? part).replace(/\s+/g, ' ').trim())
        .filter(Boolean);
    },
  };
}

/** The label of each select param's chosen option, by value: people read labels, not enums. */
function chosenOptionLabels(specs: TParamSpecs = {}, params: object): Map<string, string> {
  const labels = new Map<string, string>();
  for (const [name, spec] of Object.entries(specs)) {
    const value = (params as Record<string, unknown>)[name];
    const option = spec.options?.find((candidate) => candidate.value === value);
    if (option) labels.set(option.value, option.label);
  }
  return labels;
}

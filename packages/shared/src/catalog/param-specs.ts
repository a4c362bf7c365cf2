import { z } from 'zod';
import type { TParamTypeCode } from './catalog-types';

export type TParamValue = string | number | boolean;
export type TParamOption = { readonly value: string; readonly label: string };

/** One param of a node kind: what it holds, and how the settings dialog asks for it. */
export type TParamSpec = {
  readonly type: TParamTypeCode;
  readonly label: string;
  readonly description?: string;
  /** The settings dialog does not save it blank. */
  readonly required?: boolean;
  /** What a blank or invalid value runs as; a new node starts with it too. */
  readonly default?: TParamValue;
  /** What a new node starts with, for a param whose blank value means something of its own. */
  readonly initial?: TParamValue;
  /** The choices of a `select` param. */
  readonly options?: readonly TParamOption[];
  readonly min?: number;
  readonly max?: number;
};
export type TParamSpecs = Readonly<Record<string, TParamSpec>>;

type TValueOf<P extends TParamSpec> = P['type'] extends 'number'
  ? number
  : P['type'] extends 'boolean'
    ? boolean
    : P extends { readonly options: readonly (infer O)[] }
      ? O extends TParamOption
        ? O['value']
        : string
      : string;

type TSimplify<T> = { [K in keyof T]: T[K] } & {};

/** The typed params of a kind: params with a default always have a value, the others may not. */
export type TParamsOf<Ps extends TParamSpecs> = TSimplify<
  {
    readonly [
      N in keyof Ps as Ps[N] extends { readonly default: TParamValue } ? N : never
    ]: TValueOf<Ps[N]>;
  } & {
    readonly [
      N in keyof Ps as Ps[N] extends { readonly default: TParamValue } ? never : N
    ]?: TValueOf<Ps[N]>;
  }
>;

/** A param as the settings dialog and the `node_type_params` rows show it. */
export type TParamMeta = {
  name: string;
  type: TParamTypeCode;
  label: string;
  description: string;
  required: boolean;
  /** What the dialog starts a new node with. */
  defaultValue: TParamValue | null;
  options: readonly TParamOption[] | null;
  min: number | null;
  max: number | null;
};

export function paramMetaOf(specs: TParamSpecs = {}): TParamMeta[] {
  return Object.entries(specs).map(([name, spec]) => ({
    name,
    type: spec.type,
    label: spec.label,
    description: spec.description ?? '',
    required: spec.required ?? false,
    defaultValue: spec.default ?? spec.initial ?? null,
    options: spec.options ?? null,
    min: spec.min ?? null,
    max: spec.max ?? null,
  }));
}

function valueSchema(spec: TParamSpec): z.ZodType<TParamValue | undefined> {
  const options = spec.options?.map((option) => option.value) ?? [];
  const valid: z.ZodType<TParamValue> =
    spec.type === 'number'
      ? z.number()
      : spec.type === 'boolean'
        ? z.boolean()
        : options.length
          ? z.enum(options as [string, ...string[]])
          : z.string().min(1);
  // Stored params are not checked on write (the dialog checks them), so a run reads whatever is
  // stored: a blank or wrong value is read as the default, or as no value.
  return valid
    .optional()
    .catch(undefined)
    .transform((value) => value ?? spec.default);
}

/**
 * The zod schema of a kind's params. It never fails: ranges are the dialog's business and the
 * providers', and a missing required value is the node implementation's to report.
 */
export function paramsSchemaOf<Ps extends TParamSpecs>(
  specs: Ps | undefined,
): z.ZodType<TParamsOf<Ps>> {
  const shape = Object.fromEntries(
    Object.entries(specs ?? {}).map(([name, spec]) => [name, valueSchema(spec)]),
  );
  return z.object(shape) as z.ZodType as z.ZodType<TParamsOf<Ps>>;
}

/** Types of a node type's params; the node settings dialog picks an editor by this code. */
export const paramTypeCodes = [
  'string',
  'text',
  'number',
  'boolean',
  'select',
  'model',
  'database',
  'custom_ai',
] as const;
export type TParamTypeCode = (typeof paramTypeCodes)[number];

/** Types carried by node inputs and outputs; a connection joins compatible ones only. */
export const ioTypeCodes = ['text', 'number', 'json', 'image', 'any'] as const;
export type TIoTypeCode = (typeof ioTypeCodes)[number];

/** Types of the values kept in node databases. */
export const valueTypeCodes = ['text', 'number', 'boolean', 'json', 'date'] as const;
export type TValueTypeCode = (typeof valueTypeCodes)[number];

export const paramTypeNames: Record<TParamTypeCode, string> = {
  string: 'Short text',
  text: 'Long text',
  number: 'Number',
  boolean: 'Yes / no',
  select: 'Choice',
  model: 'AI model',
  database: 'Node database',
  custom_ai: 'Custom AI',
};

export const ioTypeNames: Record<TIoTypeCode, string> = {
  text: 'Text',
  number: 'Number',
  json: 'JSON',
  image: 'Image',
  any: 'Anything',
};

export const valueTypeNames: Record<TValueTypeCode, string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Boolean',
  json: 'JSON',
  date: 'Date',
};

/** An output may feed an input when their types match or either side takes anything. */
export function areIoTypesCompatible(output: TIoTypeCode, input: TIoTypeCode): boolean {
  return output === input || output === 'any' || input === 'any';
}

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

/** Where a kind sits in the palette, in this order. */
export const nodeCategories = [
  { code: 'input', name: 'Inputs' },
  { code: 'ai', name: 'AI' },
  { code: 'output', name: 'Outputs' },
  { code: 'data', name: 'Data' },
  { code: 'ui', name: 'UI' },
  { code: 'group', name: 'Groups' },
  { code: 'note', name: 'Notes' },
] as const;
export type TNodeCategory = (typeof nodeCategories)[number]['code'];

import { renderTemplate, valueTypeError, type TValueTypeCode } from '@flowsmith/shared';
import type { TNodeImplementation } from '../run/run-types';
import type { TDatabaseQuery, TEngineServices, TStoredValue } from './engine-services';

function typed(value: TStoredValue): unknown {
  switch (value.type) {
    case 'number':
      return Number(value.value);
    case 'boolean':
      return value.value === 'true';
    case 'json':
      return JSON.parse(value.value);
    default:
      return value.value;
  }
}

function databaseOf(params: Record<string, unknown>): string {
  const id = params.databaseId;
  if (typeof id !== 'string' || !id) throw new Error('Choose a database in the node settings');
  return id;
}

/** Outputs values of a node database: all of them, one key, or keys containing a text. */
export const databaseNode: TNodeImplementation<TEngineServices> = {
  async run({ node, services }) {
    const mode = (node.params.mode as TDatabaseQuery['mode']) ?? 'all';
    const query: TDatabaseQuery = { mode };
    if (mode === 'by_key') query.key = String(node.params.key ?? '');
    if (mode === 'filter') query.filter = String(node.params.filter ?? '');
    const values = await services.databases.read(databaseOf(node.params), query);
    if (node.params.format === 'text') {
      return { values: values.map((v) => `${v.key}: ${v.value}`).join('\n') };
    }
    return { values: values.map((v) => ({ key: v.key, value: typed(v), type: v.type })) };
  },
};

/** Appends what it receives to a node database, under a key made from its template. */
export const requestStorageNode: TNodeImplementation<TEngineServices> = {
  async run({ node, inputs, services }) {
    const type = (node.params.valueType as TValueTypeCode) ?? 'text';
    const received = inputs.value;
    const value = typeof received === 'string' ? received : JSON.stringify(received ?? null);
    const problem = valueTypeError(type, value);
    if (problem) throw new Error(`The value cannot be stored as ${type}: ${problem}`);
    const now = services.now();
    const key = renderTemplate(String(node.params.keyTemplate || 'value-{{timestamp}}'), {
      timestamp: now.getTime(),
      date: now.toISOString().slice(0, 10),
      datetime: now.toISOString(),
      value,
    }).slice(0, 500);
    if (!key.trim()) throw new Error('The key template gives an empty key');
    await services.databases.append(databaseOf(node.params), { key, value, type });
    return { stored: { key, value, type } };
  },
};

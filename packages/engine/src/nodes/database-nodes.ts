import { renderTemplate, valueTypeError } from '@flowsmith/shared';
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

function databaseOf(params: { databaseId?: string }): string {
  if (!params.databaseId) throw new Error('Choose a database in the node settings');
  return params.databaseId;
}

/** Outputs values of a node database: all of them, one key, or keys containing a text. */
export const databaseNode: TNodeImplementation<TEngineServices, 'database'> = {
  async run({ node: { params }, services }) {
    const query: TDatabaseQuery = { mode: params.mode };
    if (params.mode === 'by_key') query.key = params.key ?? '';
    if (params.mode === 'filter') query.filter = params.filter ?? '';
    const values = await services.databases.read(databaseOf(params), query);
    if (params.format === 'text') {
      return { values: values.map((v) => `${v.key}: ${v.value}`).join('\n') };
    }
    return { values: values.map((v) => ({ key: v.key, value: typed(v), type: v.type })) };
  },
};

/** Appends what it receives to a node database, under a key made from its template. */
export const requestStorageNode: TNodeImplementation<TEngineServices, 'request_storage'> = {
  async run({ node: { params }, inputs, services }) {
    const type = params.valueType;
    const received = inputs.value;
    const value = typeof received === 'string' ? received : JSON.stringify(received ?? null);
    const problem = valueTypeError(type, value);
    if (problem) throw new Error(`The value cannot be stored as ${type}: ${problem}`);
    const now = services.now();
    const key = renderTemplate(params.keyTemplate, {
      timestamp: now.getTime(),
      date: now.toISOString().slice(0, 10),
      datetime: now.toISOString(),
      value,
    }).slice(0, 500);
    if (!key.trim()) throw new Error('The key template gives an empty key');
    await services.databases.append(databaseOf(params), { key, value, type });
    return { stored: { key, value, type } };
  },
};

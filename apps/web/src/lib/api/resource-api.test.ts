import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResourceApi, type TResourceApi } from './resource-api';

type TNode = { id: string; type: string };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createResourceApi', () => {
  it('maps list/listAll/get/create/update/remove onto /api/{name}', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: '1' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const api = createResourceApi<TNode>('nodes');

    await api.list({ page: 1, pageSize: 50, projectId: 'p1' });
    await api.listAll({ sort: 'name' });
    await api.get('n/1');
    await api.create({ type: 'input' });
    await api.update('1', { type: 'blank' });
    await api.remove('1');

    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/nodes?page=1&pageSize=50&projectId=p1',
      'GET /api/nodes?sort=name&pageSize=200',
      'GET /api/nodes/n%2F1',
      'POST /api/nodes',
      'PUT /api/nodes/1',
      'DELETE /api/nodes/1',
    ]);
  });

  it('throws a clear error for a method that does not exist', () => {
    const api = createResourceApi<TNode>('custom_ais') as TResourceApi<TNode> & {
      fetchAll?: () => void;
    };
    expect(() => api.fetchAll?.()).toThrow(
      new Error("API method 'custom_ais.fetchAll' does not exist"),
    );
  });

  it('can still be awaited or returned from an async function', async () => {
    const api = createResourceApi<TNode>('nodes');
    await expect(Promise.resolve(api)).resolves.toBe(api);
  });
});

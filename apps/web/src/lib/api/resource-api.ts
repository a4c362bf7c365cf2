import { MAX_PAGE_SIZE } from '@flowsmith/shared';
import { apiRequest, type TRequestOptions } from './api-client';

export type TListParams = {
  page?: number;
  pageSize?: number;
  sort?: string;
  /** Filters by field, e.g. `{projectId: '...'}`. */
  [filter: string]: string | number | boolean | undefined;
};

export type TListResult<T> = { items: T[]; total: number; page: number; pageSize: number };

type TCallOptions = Pick<TRequestOptions, 'signal' | 'timeoutMs'>;

export type TResourceApi<T, TCreate = Partial<T>, TUpdate = Partial<T>> = {
  list(params?: TListParams, options?: TCallOptions): Promise<TListResult<T>>;
  /** One page of the API's largest size: for lists that are far shorter (pickers, own keys). */
  listAll(params?: TListParams, options?: TCallOptions): Promise<TListResult<T>>;
  get(id: string, options?: TCallOptions): Promise<T>;
  create(body: TCreate, options?: TCallOptions): Promise<T>;
  update(id: string, body: TUpdate, options?: TCallOptions): Promise<T>;
  remove(id: string, options?: TCallOptions): Promise<void>;
};

const methodNames = new Set(['list', 'listAll', 'get', 'create', 'update', 'remove']);

/**
 * CRUD over `/api/{name}`. Wrapped in a Proxy so that a typo such as `api.fetchAll()` (possible
 * from untyped call sites or `as` casts) fails loudly with the resource and method named,
 * instead of "undefined is not a function".
 */
export function createResourceApi<T, TCreate = Partial<T>, TUpdate = Partial<T>>(
  name: string,
): TResourceApi<T, TCreate, TUpdate> {
  const base = `/api/${name}`;
  const item = (id: string) => `${base}/${encodeURIComponent(id)}`;
  const methods: TResourceApi<T, TCreate, TUpdate> = {
    list: (params, options) => apiRequest(base, { ...options, query: params }),
    listAll: (params, options) =>
      apiRequest(base, { ...options, query: { ...params, pageSize: MAX_PAGE_SIZE } }),
    get: (id, options) => apiRequest(item(id), options),
    create: (body, options) => apiRequest(base, { ...options, method: 'POST', body }),
    update: (id, body, options) => apiRequest(item(id), { ...options, method: 'PUT', body }),
    remove: (id, options) => apiRequest(item(id), { ...options, method: 'DELETE' }),
  };

  return new Proxy(methods, {
    get(target, property, receiver) {
      if (typeof property === 'string' && !methodNames.has(property)) {
        // Promise resolution and devtools probe `then`/`toJSON`; answering undefined keeps the
        // wrapper usable as a plain value.
        if (property === 'then' || property === 'toJSON') return undefined;
        throw new Error(`API method '${name}.${property}' does not exist`);
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

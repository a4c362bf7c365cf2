/**
 * A server-paged list's page, page size and sort, kept in the URL query string with the API's
 * own names (`?page=2&pageSize=50&sort=-name`) so reload and the back button restore them.
 */

export type TSortOrder = 1 | -1;

export type TPaging<F extends string> = {
  page: number;
  pageSize: number;
  sortField: F;
  sortOrder: TSortOrder;
};

/** The longest search text a list takes from the URL. */
export const SEARCH_MAX_LENGTH = 200;

/** A query value, trimmed and cut to a length a list accepts. */
export const queryText = (query: URLSearchParams, name: string, max = SEARCH_MAX_LENGTH) =>
  (query.get(name) ?? '').trim().slice(0, max);

/** What a list offers: its page sizes, the fields it sorts by, and where it starts. */
export function listShape<F extends string>(shape: {
  pageSizes: readonly number[];
  sortFields: readonly F[];
  defaults: TPaging<F>;
}) {
  const { pageSizes, sortFields, defaults } = shape;
  const isSortField = (value: unknown): value is F =>
    (sortFields as readonly unknown[]).includes(value);
  /** The API's sort key: the field, prefixed with `-` for descending. */
  const sortKey = ({ sortField, sortOrder }: Pick<TPaging<F>, 'sortField' | 'sortOrder'>) =>
    sortOrder === -1 ? `-${sortField}` : sortField;

  return {
    pageSizes,
    defaults,
    isSortField,
    sortKey,
    /** Reads the paging from the URL; anything missing or hand-edited into nonsense is the default. */
    parse(query: URLSearchParams): TPaging<F> {
      const paging = { ...defaults };
      const page = Number(query.get('page'));
      if (Number.isInteger(page) && page >= 1) paging.page = page;
      const pageSize = Number(query.get('pageSize'));
      if (pageSizes.includes(pageSize)) paging.pageSize = pageSize;
      const sort = query.get('sort') ?? '';
      const field = sort.replace(/^-/, '');
      if (isSortField(field)) {
        paging.sortField = field;
        paging.sortOrder = sort.startsWith('-') ? -1 : 1;
      }
      return paging;
    },
    /** Writes the paging into `query`; defaults are left out, so a fresh list has a clean URL. */
    write(query: URLSearchParams, paging: TPaging<F>): void {
      if (paging.page !== defaults.page) query.set('page', String(paging.page));
      if (paging.pageSize !== defaults.pageSize) query.set('pageSize', String(paging.pageSize));
      if (sortKey(paging) !== sortKey(defaults)) query.set('sort', sortKey(paging));
    },
    /** The paging as the API's list endpoints take it. */
    apiQuery: (paging: TPaging<F>) => ({
      page: paging.page,
      pageSize: paging.pageSize,
      sort: sortKey(paging),
    }),
  };
}

export type TListShape<F extends string> = ReturnType<typeof listShape<F>>;

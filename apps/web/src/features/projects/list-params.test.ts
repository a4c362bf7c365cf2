import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_PARAMS, listParamsToQuery, parseListParams, toApiQuery } from './list-params';

const parse = (query: string) => parseListParams(new URLSearchParams(query));

describe('parseListParams', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_PARAMS);
  });

  it('reads page, page size, sort and search', () => {
    expect(parse('page=3&pageSize=50&sort=-name&search=%20alpha%20')).toEqual({
      page: 3,
      pageSize: 50,
      sortField: 'name',
      sortOrder: -1,
      search: 'alpha',
    });
    expect(parse('sort=createdAt')).toMatchObject({ sortField: 'createdAt', sortOrder: 1 });
  });

  it('ignores values the list does not offer', () => {
    expect(parse('page=0&pageSize=7&sort=-password')).toEqual(DEFAULT_LIST_PARAMS);
    expect(parse('page=1.5&pageSize=abc&sort=')).toEqual(DEFAULT_LIST_PARAMS);
    expect(parse(`search=${'x'.repeat(300)}`).search).toHaveLength(200);
  });
});

describe('listParamsToQuery', () => {
  it('leaves defaults out of the URL', () => {
    expect(listParamsToQuery(DEFAULT_LIST_PARAMS).toString()).toBe('');
  });

  it('round-trips through parseListParams', () => {
    const params = {
      page: 2,
      pageSize: 10,
      sortField: 'name',
      sortOrder: 1,
      search: 'crm bot',
    } as const;
    const query = listParamsToQuery(params);
    expect(query.toString()).toBe('page=2&pageSize=10&sort=name&search=crm+bot');
    expect(parseListParams(query)).toEqual(params);
  });
});

describe('toApiQuery', () => {
  it('sends the sort key, and no search when there is none', () => {
    expect(toApiQuery(DEFAULT_LIST_PARAMS)).toEqual({
      page: 1,
      pageSize: 20,
      sort: '-updatedAt',
      search: undefined,
    });
    expect(toApiQuery({ ...DEFAULT_LIST_PARAMS, search: 'x' }).search).toBe('x');
  });
});

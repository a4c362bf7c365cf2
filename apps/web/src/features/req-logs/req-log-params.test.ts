import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMS,
  filtersOf,
  hasFilters,
  paramsToQuery,
  parseParams,
  toApiListQuery,
  type TReqLogParams,
} from './req-log-params';

const parse = (query: string) => parseParams(new URLSearchParams(query));
const PROJECT = '0b6f3c1e-52d4-4f5e-9a43-3c7b7f0f4a10';

describe('parseParams', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULT_PARAMS);
    expect(hasFilters(filtersOf(DEFAULT_PARAMS))).toBe(false);
  });

  it('reads every filter, paging and sorting', () => {
    expect(
      parse(
        `range=7d&projectId=${PROJECT}&model=echo&status=failed&search=%20hi%20&page=2&pageSize=50&sort=-cost`,
      ),
    ).toEqual({
      range: { kind: 'preset', preset: '7d' },
      projectId: PROJECT,
      model: 'echo',
      status: 'failed',
      search: 'hi',
      page: 2,
      pageSize: 50,
      sortField: 'cost',
      sortOrder: -1,
    });
  });

  it('reads picked days; one day alone is that day', () => {
    expect(parse('from=2026-01-09&to=2026-01-02').range).toEqual({
      kind: 'days',
      from: '2026-01-02',
      to: '2026-01-09',
    });
    expect(parse('from=2026-01-09').range).toEqual({
      kind: 'days',
      from: '2026-01-09',
      to: '2026-01-09',
    });
  });

  it('ignores values the log does not offer', () => {
    expect(
      parse('range=1y&from=never&projectId=42&status=maybe&page=0&pageSize=7&sort=-prompt'),
    ).toEqual(DEFAULT_PARAMS);
  });

  it('filters on cancelled calls', () => {
    expect(parse('status=cancelled').status).toBe('cancelled');
  });
});

describe('paramsToQuery', () => {
  it('leaves defaults out of the URL', () => {
    expect(paramsToQuery(DEFAULT_PARAMS).toString()).toBe('');
  });

  it('round-trips through parseParams', () => {
    const params: TReqLogParams = {
      ...DEFAULT_PARAMS,
      range: { kind: 'days', from: '2026-01-02', to: '2026-01-09' },
      model: 'openai:gpt-4o',
      status: 'succeeded',
      page: 3,
      sortField: 'latencyMs',
      sortOrder: 1,
    };
    const query = paramsToQuery(params);
    expect(query.toString()).toBe(
      'from=2026-01-02&to=2026-01-09&model=openai%3Agpt-4o&status=succeeded&page=3&sort=latencyMs',
    );
    expect(parseParams(query)).toEqual(params);
  });
});

describe('toApiListQuery', () => {
  it('sends only the filters in use, with the sort key', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(toApiListQuery(DEFAULT_PARAMS, now)).toEqual({
      projectId: undefined,
      model: undefined,
      status: undefined,
      search: undefined,
      page: 1,
      pageSize: 20,
      sort: '-createdAt',
    });
    const query = toApiListQuery(
      { ...DEFAULT_PARAMS, range: { kind: 'preset', preset: '24h' }, status: 'failed' },
      now,
    );
    expect(query).toMatchObject({ status: 'failed', from: '2026-03-09T12:00:00.000Z' });
    expect(query).not.toHaveProperty('to');
  });
});

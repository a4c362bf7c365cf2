import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VALUE_PARAMS,
  parseScreenParams,
  screenParamsToQuery,
  valuesApiQuery,
  withTarget,
} from './database-params';

const PROJECT = '0b7a1f7e-51d4-4a0b-9a57-8f2a4fd5a001';
const DATABASE = '0b7a1f7e-51d4-4a0b-9a57-8f2a4fd5a002';
const parse = (query: string) => parseScreenParams(new URLSearchParams(query));

describe('parseScreenParams', () => {
  it('gives the defaults and no selection for an empty query', () => {
    expect(parse('')).toEqual({ ...DEFAULT_VALUE_PARAMS, projectId: null, databaseId: null });
  });

  it('reads the selection, paging, sort, search and type', () => {
    expect(
      parse(
        `projectId=${PROJECT}&databaseId=${DATABASE}&page=3&pageSize=100&sort=-updatedAt&search=%20ab%20&type=json`,
      ),
    ).toEqual({
      projectId: PROJECT,
      databaseId: DATABASE,
      page: 3,
      pageSize: 100,
      sortField: 'updatedAt',
      sortOrder: -1,
      search: 'ab',
      type: 'json',
    });
  });

  it('ignores ids, sizes, sorts and types the screen does not offer', () => {
    expect(parse('projectId=42&databaseId=x&pageSize=10&sort=-value&type=colour&page=0')).toEqual({
      ...DEFAULT_VALUE_PARAMS,
      projectId: null,
      databaseId: null,
    });
  });
});

describe('screenParamsToQuery', () => {
  it('round-trips and leaves defaults out', () => {
    const params = parse(`projectId=${PROJECT}&databaseId=${DATABASE}&sort=type&type=number`);
    const query = screenParamsToQuery(params);
    expect(query.toString()).toBe(
      `projectId=${PROJECT}&databaseId=${DATABASE}&sort=type&type=number`,
    );
    expect(parseScreenParams(query)).toEqual(params);
  });
});

describe('withTarget', () => {
  it('resets page, search and type for another database but keeps size and sort', () => {
    const params = parse(`projectId=${PROJECT}&page=4&pageSize=50&sort=-key&search=a&type=date`);
    expect(withTarget(params, { projectId: PROJECT, databaseId: DATABASE })).toEqual({
      projectId: PROJECT,
      databaseId: DATABASE,
      page: 1,
      pageSize: 50,
      sortField: 'key',
      sortOrder: -1,
      search: '',
      type: '',
    });
    expect(withTarget(params, { projectId: PROJECT, databaseId: null })).toBe(params);
  });
});

describe('valuesApiQuery', () => {
  it('names the database and leaves out empty filters', () => {
    expect(valuesApiQuery(DATABASE, DEFAULT_VALUE_PARAMS)).toEqual({
      nodeDatabaseId: DATABASE,
      page: 1,
      pageSize: 20,
      sort: 'key',
      search: undefined,
      type: undefined,
    });
    expect(
      valuesApiQuery(DATABASE, { ...DEFAULT_VALUE_PARAMS, sortOrder: -1, type: 'boolean' }),
    ).toMatchObject({ sort: '-key', type: 'boolean' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMPORT_OPTIONS,
  fileSize,
  formatFromFileName,
  importQueryString,
  mappingProblem,
} from './import-options';

describe('formatFromFileName', () => {
  it('reads .json as JSON and everything else as CSV', () => {
    expect(formatFromFileName('facts.JSON')).toBe('json');
    expect(formatFromFileName('facts.csv')).toBe('csv');
    expect(formatFromFileName('facts.txt')).toBe('csv');
  });
});

describe('importQueryString', () => {
  it('sends the CSV settings and the mapping, encoding tab and pipe', () => {
    const query = importQueryString(
      { ...DEFAULT_IMPORT_OPTIONS, delimiter: '\t', typeColumn: ' kind ', mode: 'replace' },
      true,
    );
    expect(query).toBe(
      'format=csv&delimiter=%09&header=true&keyColumn=key&valueColumn=value&typeColumn=kind&defaultType=text&mode=replace&dryRun=true',
    );
    expect(importQueryString({ ...DEFAULT_IMPORT_OPTIONS, delimiter: '|' }, false)).toContain(
      'delimiter=%7C',
    );
  });

  it('sends an empty delimiter to detect it, and no CSV settings for JSON', () => {
    expect(importQueryString(DEFAULT_IMPORT_OPTIONS, false)).toContain('delimiter=&header=true');
    const json = new URLSearchParams(
      importQueryString(
        { ...DEFAULT_IMPORT_OPTIONS, format: 'json', keyColumn: 'id', defaultType: 'json' },
        false,
      ),
    );
    expect(Object.fromEntries(json)).toEqual({
      format: 'json',
      keyColumn: 'id',
      valueColumn: 'value',
      defaultType: 'json',
      mode: 'append',
      dryRun: 'false',
    });
  });
});

describe('mappingProblem', () => {
  it('needs a key and a value column, by number when there is no header', () => {
    expect(mappingProblem(DEFAULT_IMPORT_OPTIONS)).toBeUndefined();
    expect(mappingProblem({ ...DEFAULT_IMPORT_OPTIONS, keyColumn: ' ' })).toMatch(/keys/);
    expect(mappingProblem({ ...DEFAULT_IMPORT_OPTIONS, valueColumn: '' })).toMatch(/values/);
    expect(mappingProblem({ ...DEFAULT_IMPORT_OPTIONS, header: false })).toMatch(/by number/);
    expect(
      mappingProblem({
        ...DEFAULT_IMPORT_OPTIONS,
        header: false,
        keyColumn: '1',
        valueColumn: '2',
      }),
    ).toBeUndefined();
  });
});

describe('fileSize', () => {
  it('reads in bytes, KB or MB', () => {
    expect(fileSize(812)).toBe('812 B');
    expect(fileSize(64 * 1024)).toBe('64 KB');
    expect(fileSize(12.54 * 1024 * 1024)).toBe('12.5 MB');
    expect(fileSize(100 * 1024 * 1024)).toBe('100 MB');
  });
});

import { describe, expect, it } from 'vitest';
import {
  isCapped,
  MAX_REPORTED_PROBLEMS,
  nothingImported,
  reportCsv,
  reportRows,
} from './import-report';

describe('reportRows', () => {
  it('splits row problems into row and column, and names form settings', () => {
    expect(
      reportRows([
        { field: 'rows.5.value', message: 'Must be a number' },
        { field: 'rows.7', message: 'Expected 3 columns, found 2' },
        { field: 'keyColumn', message: 'No column named "id"' },
        { field: 'file', message: 'The file is empty' },
      ]),
    ).toEqual([
      { row: 5, column: 'value', message: 'Must be a number' },
      { row: 7, column: null, message: 'Expected 3 columns, found 2' },
      { row: null, column: 'Key column', message: 'No column named "id"' },
      { row: null, column: 'File', message: 'The file is empty' },
    ]);
  });
});

describe('isCapped', () => {
  it('is true once the server listed as many problems as it lists at most', () => {
    expect(isCapped(new Array(MAX_REPORTED_PROBLEMS - 1))).toBe(false);
    expect(isCapped(new Array(MAX_REPORTED_PROBLEMS))).toBe(true);
  });
});

describe('reportCsv', () => {
  it('writes one line per problem, quoting where CSV needs it', () => {
    expect(
      reportCsv([
        { row: 5, column: 'value', message: 'Must be a number' },
        { row: null, column: 'File', message: 'Bad, "very" bad' },
      ]),
    ).toBe('row,column,problem\r\n5,value,Must be a number\r\n,File,"Bad, ""very"" bad"');
  });
});

describe('nothingImported', () => {
  it('adds the reassurance once, as a sentence of its own', () => {
    expect(nothingImported('2 of 8 rows have problems; nothing was imported')).toBe(
      '2 of 8 rows have problems; nothing was imported',
    );
    expect(nothingImported('The file is larger than 100 MB')).toBe(
      'The file is larger than 100 MB. Nothing was imported.',
    );
    expect(nothingImported('Could not reach the server (Network Error).')).toBe(
      'Could not reach the server (Network Error). Nothing was imported.',
    );
  });
});

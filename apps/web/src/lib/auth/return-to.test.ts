import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/project?x=1#top', '/project?x=1#top'],
    ['/custom-ai/abc', '/custom-ai/abc'],
    [null, '/'],
    ['', '/'],
    ['project', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/login?returnTo=/x', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});

describe('loginPathFor', () => {
  it('keeps path and search', () => {
    expect(loginPathFor('/req-logs?page=2')).toBe('/login?returnTo=%2Freq-logs%3Fpage%3D2');
    expect(loginPathFor('/')).toBe('/login?returnTo=%2F');
  });
});

import { describe, expect, it } from 'vitest';
import { parseHeaderLines, toUpdateBody } from './mcp-server-form';

describe('the MCP server form', () => {
  it('reads headers one per line, keeping colons in values', () => {
    expect(parseHeaderLines('Authorization: Bearer a:b\n\n  X-Team : blue ')).toEqual({
      ok: true,
      headers: { Authorization: 'Bearer a:b', 'X-Team': 'blue' },
    });
    expect(parseHeaderLines('no colon here')).toEqual({
      ok: false,
      problem: 'Line 1: write it as Name: value',
    });
    expect(parseHeaderLines('Bad Name: x').ok).toBe(false);
  });

  it('keeps saved headers unless new ones are typed or they are cleared', () => {
    const base = { name: 'Tools', url: 'https://mcp.example.com', clearHeaders: false };
    expect(toUpdateBody({ ...base, headers: '' })).toEqual({
      name: 'Tools',
      url: 'https://mcp.example.com',
    });
    expect(toUpdateBody({ ...base, headers: 'A: 1' }).headers).toEqual({ A: '1' });
    expect(toUpdateBody({ ...base, headers: '', clearHeaders: true }).headers).toEqual({});
  });
});

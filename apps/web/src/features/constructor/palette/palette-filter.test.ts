import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../api/canvas.queries';
import { filterPalette } from './palette-filter';

const types = buildCatalog([], []).kinds;

describe('filterPalette', () => {
  it('lists all 15 kinds by category when there is no search', () => {
    const sections = filterPalette(types, '');
    expect(sections.flatMap((s) => s.types)).toHaveLength(15);
    expect(sections[0]).toMatchObject({ category: 'input', name: 'Inputs' });
  });

  it('matches every word against name, kind and description', () => {
    const kinds = filterPalette(types, 'image out').flatMap((s) => s.types.map((t) => t.kind));
    expect(kinds).toEqual(['ai_image_output']);
    expect(filterPalette(types, 'zzz')).toEqual([]);
  });
});

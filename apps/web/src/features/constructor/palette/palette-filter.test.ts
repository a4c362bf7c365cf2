import { describe, expect, it } from 'vitest';
import { nodeKindCatalog, nodeKinds, type TNodeType } from '@flowsmith/shared';
import { filterPalette } from './palette-filter';

const types: TNodeType[] = nodeKinds.map((kind, index) => ({
  ...nodeKindCatalog[kind],
  id: kind,
  sortOrder: index,
  createdAt: '',
  updatedAt: '',
}));

describe('filterPalette', () => {
  it('lists all 15 kinds by category when there is no search', () => {
    const sections = filterPalette(types, '');
    expect(sections.flatMap((s) => s.types)).toHaveLength(15);
    expect(sections[0]!.category).toBe('input');
  });

  it('matches every word against name, kind and description', () => {
    const kinds = filterPalette(types, 'image out').flatMap((s) => s.types.map((t) => t.kind));
    expect(kinds).toEqual(['ai_image_output']);
    expect(filterPalette(types, 'zzz')).toEqual([]);
  });
});

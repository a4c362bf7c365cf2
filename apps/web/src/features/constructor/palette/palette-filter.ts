import { nodeCategories } from '@flowsmith/shared';
import type { TCanvasKind } from '../api/canvas.queries';

export type TPaletteSection = { category: string; name: string; types: TCanvasKind[] };

/** Kinds matching the search (name, kind or description), by category in the catalog's order. */
export function filterPalette(types: readonly TCanvasKind[], search: string): TPaletteSection[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = types.filter((type) => {
    const text = `${type.name} ${type.kind} ${type.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  return nodeCategories
    .map((category) => ({
      category: category.code,
      name: category.name,
      types: matches.filter((type) => type.category === category.code),
    }))
    .filter((section) => section.types.length > 0);
}

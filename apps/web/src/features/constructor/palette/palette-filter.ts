import type { TNodeType } from '@flowsmith/shared';

export type TPaletteSection = { category: string; types: TNodeType[] };

const CATEGORY_ORDER = ['input', 'ai', 'output', 'data', 'ui', 'group', 'note'];

/** Kinds matching the search (name, kind or description), by category in a fixed order. */
export function filterPalette(types: readonly TNodeType[], search: string): TPaletteSection[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = types.filter((type) => {
    const text = `${type.name} ${type.kind} ${type.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const rank = (category: string) => {
    const index = CATEGORY_ORDER.indexOf(category);
    return index === -1 ? CATEGORY_ORDER.length : index;
  };
  const categories = [...new Set(matches.map((type) => type.category))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  return categories.map((category) => ({
    category,
    types: matches.filter((type) => type.category === category),
  }));
}

import { describe, expect, it } from 'vitest';
import { nodeCatalog, nodeKinds, type TNodeType, type TNodeTypeParam } from '@flowsmith/shared';
import { buildCatalog } from './canvas.queries';

const stamps = { createdAt: '', updatedAt: '' };

describe('the canvas catalog', () => {
  it('has every kind of the code, in palette order, as the code defines it', () => {
    const catalog = buildCatalog([], []);
    expect(catalog.kinds.map((kind) => kind.kind)).toEqual(nodeKinds);
    expect(catalog.byKind.get('ai_processor')).toBe(nodeCatalog.ai_processor);
    expect(catalog.isGroupKind('ai_group')).toBe(true);
    expect(catalog.isGroupKind('input')).toBe(false);
    expect(catalog.isGroupKind('constructor')).toBe(false);
  });

  it("takes the administrator's wording from the rows, and nothing else", () => {
    const row = {
      ...stamps,
      id: 'row-blank',
      kind: 'blank',
      name: 'Sticky note',
      description: 'For the team',
      icon: 'pi pi-star',
      color: '#000000',
      category: 'group',
      isGroup: true,
      runnable: true,
      inputs: [],
      outputs: [],
      sortOrder: 0,
    } satisfies TNodeType;
    const param = {
      ...stamps,
      id: 'p',
      nodeTypeId: 'row-blank',
      name: 'note',
      label: 'Text',
      description: 'What to remember',
      type: 'number',
      required: true,
      defaultValue: 'x',
      options: null,
      min: null,
      max: null,
      sortOrder: 0,
    } satisfies TNodeTypeParam;
    const blank = buildCatalog([row], [param]).byKind.get('blank')!;
    expect(blank).toMatchObject({ name: 'Sticky note', description: 'For the team' });
    expect(blank).toMatchObject({ icon: nodeCatalog.blank.icon, category: 'note' });
    expect(blank.flags).toEqual(nodeCatalog.blank.flags);
    expect(blank.params).toEqual([
      { ...nodeCatalog.blank.params[0], label: 'Text', description: 'What to remember' },
    ]);
  });
});

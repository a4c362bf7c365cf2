import { describe, expect, it } from 'vitest';
import { nodeCatalog, nodeKindOf } from '../catalog/node-catalog';
import { parseGraphDocument } from '../graph/graph-document';
import { starterTemplates, ZTemplateApply } from './starter-templates';

describe.each(starterTemplates.map((t) => [t.id, t] as const))('starter template %s', (_, t) => {
  it('is a valid workflow file: known kinds, compatible connections', () => {
    const parsed = parseGraphDocument(t.graph);
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
  });

  it('uses only params its kinds have, with values they accept', () => {
    for (const node of t.graph.nodes) {
      const kind = nodeKindOf(node.type)!;
      const names = kind.params.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(Object.keys(node.data.params)));
      const read = nodeCatalog[kind.kind].parseParams(node.data.params) as Record<string, unknown>;
      for (const [name, value] of Object.entries(node.data.params))
        if (value !== null) expect(read[name], `${node.id}.${name}`).toEqual(value);
    }
  });

  it('gives its handles as the catalog does', () => {
    for (const node of t.graph.nodes) {
      const kind = nodeKindOf(node.type)!;
      const shape = (handles: readonly { name: string; type: string }[]) =>
        handles.map((h) => [h.name, h.type]);
      expect(shape(node.inputs)).toEqual(shape(kind.inputs));
      expect(shape(node.outputs)).toEqual(shape(kind.outputs));
    }
  });

  it('runs on Echo and carries a note saying which model to pick', () => {
    const models = t.graph.nodes.flatMap((n) =>
      'model' in n.data.params ? [n.data.params.model] : [],
    );
    expect(models.length).toBeGreaterThan(0);
    expect(new Set(models)).toEqual(new Set(['echo']));
    const notes = t.graph.nodes.filter((n) => nodeKindOf(n.type)?.flags.note);
    expect(notes.map((n) => n.data.params.note)).toEqual([expect.stringMatching(/Echo.*pick/s)]);
  });

  it('binds every database param to one of its databases', () => {
    const refs = new Set(t.databases.map((d) => d.ref));
    const needed = t.graph.nodes.flatMap((n) =>
      nodeKindOf(n.type)!
        .params.filter((p) => p.type === 'database')
        .map((p) => `${n.id}.${p.name}`),
    );
    expect(t.databaseParams.map((b) => `${b.node}.${b.param}`).sort()).toEqual(needed.sort());
    for (const binding of t.databaseParams) expect(refs.has(binding.database)).toBe(true);
  });
});

describe('starter templates', () => {
  it('offers at least five, with unique ids', () => {
    expect(starterTemplates.length).toBeGreaterThanOrEqual(5);
    expect(new Set(starterTemplates.map((t) => t.id)).size).toBe(starterTemplates.length);
  });

  it('names the field of a bad request', () => {
    const result = ZTemplateApply.safeParse({ templateId: 'nope', projectId: 'x' });
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual([
      'templateId',
      'projectId',
    ]);
  });
});

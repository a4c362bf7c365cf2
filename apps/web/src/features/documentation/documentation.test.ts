import { describe, expect, it } from 'vitest';
import { nodeCatalog, nodeKinds } from '@flowsmith/shared';
import { searchDocs } from './doc-search';
import { guideOf, guides } from './guides';
import { nodeDocByKind, nodeDocs } from './node-reference';

describe('the node reference', () => {
  it('has a page for every kind of the catalog, with every param and handle', () => {
    expect(nodeDocs.map((doc) => doc.kind)).toEqual([...nodeKinds]);
    for (const kind of nodeKinds) {
      const doc = nodeDocByKind(kind)!;
      const definition = nodeCatalog[kind];
      expect(doc.params.map((p) => p.name)).toEqual(definition.params.map((p) => p.name));
      expect(doc.inputs.map((h) => h.name)).toEqual(definition.inputs.map((h) => h.name));
      expect(doc.outputs.map((h) => h.name)).toEqual(definition.outputs.map((h) => h.name));
      expect(doc.behaviour.length, kind).toBeGreaterThan(0);
    }
  });

  it('gives an example the nodes API takes, its params at their defaults', () => {
    const example = JSON.parse(nodeDocByKind('ai_image')!.example);
    expect(example).toMatchObject({
      type: 'ai_image',
      data: { title: 'AI image', params: { template: '{{prompt}}', size: '1024x1024' } },
    });
  });

  it('describes what a kind does from its flags', () => {
    expect(nodeDocByKind('input')!.behaviour.join(' ')).toMatch(/Starts a run/);
    expect(nodeDocByKind('ai_processor')!.behaviour.join(' ')).toMatch(/Streams/);
    expect(nodeDocByKind('blank')!.behaviour).toEqual([expect.stringMatching(/Never runs/)]);
  });
});

describe('the guides', () => {
  it('are written, titled and linked only to pages that exist', () => {
    expect(guides.length).toBe(9);
    for (const guide of guides) {
      expect(guide.body.length, guide.slug).toBeGreaterThan(500);
      const links = [...guide.body.matchAll(/\]\((\/documentation\/[^)]+)\)/g)].map((m) => m[1]!);
      for (const link of links) {
        const [, , slug, kind] = link.split('/');
        if (slug === 'nodes') expect(nodeDocByKind(kind ?? ''), link).toBeDefined();
        else expect(guideOf(slug ?? ''), link).toBeDefined();
      }
    }
  });
});

describe('searching the documentation', () => {
  it('finds a node kind by its name, first', () => {
    const hits = searchDocs('image output');
    expect(hits[0]).toMatchObject({
      title: 'AI image output',
      section: 'Node',
      to: '/documentation/nodes/ai_image_output',
    });
  });

  it('finds guides by words in their text, with the line that holds them', () => {
    const hits = searchDocs('SMTP_URL');
    expect(hits.map((hit) => hit.title)).toContain('Self-hosting and configuration');
    expect(hits.find((hit) => hit.section === 'Guide')!.snippet).toMatch(/SMTP_URL/);
  });

  it('needs every word, and finds nothing for nothing', () => {
    expect(searchDocs('')).toEqual([]);
    expect(searchDocs('   ')).toEqual([]);
    expect(searchDocs('database zzzqqq')).toEqual([]);
  });
});

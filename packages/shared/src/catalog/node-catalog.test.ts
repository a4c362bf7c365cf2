import { describe, expect, expectTypeOf, it } from 'vitest';
import { ioTypeCodes, nodeCategories, paramTypeCodes } from './catalog-types';
import {
  groupKinds,
  nodeCatalog,
  nodeKindOf,
  nodeKinds,
  readNodeParams,
  runnableGroupKinds,
  type TNodeParams,
} from './node-catalog';
import { NAME_PATTERN } from './template';

describe('the node catalog', () => {
  it('describes each kind once, under its own name', () => {
    expect(nodeKinds).toHaveLength(15);
    for (const kind of nodeKinds) expect(nodeCatalog[kind].kind).toBe(kind);
    expect(groupKinds).toEqual([
      'group',
      'ai_group',
      'ai_image_group',
      'ui_group',
      'database_group',
    ]);
    expect(runnableGroupKinds).toEqual(['ai_group', 'ai_image_group', 'ui_group']);
  });

  it('gives every kind valid handles, params and flags', () => {
    const categories: readonly string[] = nodeCategories.map((category) => category.code);
    for (const definition of Object.values(nodeCatalog)) {
      const { kind, flags } = definition;
      expect(categories, kind).toContain(definition.category);
      for (const handle of [...definition.inputs, ...definition.outputs]) {
        expect(NAME_PATTERN.test(handle.name), kind).toBe(true);
        expect(ioTypeCodes, kind).toContain(handle.type);
      }
      for (const param of definition.params) {
        expect(NAME_PATTERN.test(param.name), kind).toBe(true);
        expect(paramTypeCodes, kind).toContain(param.type);
        expect(param.type === 'select', `${kind}.${param.name}`).toBe(param.options !== null);
      }
      const names = definition.params.map((param) => param.name);
      if (flags.templateInputs) expect(names, kind).toContain('template');
      if (flags.model !== 'none') expect(names, kind).toContain('model');
      if (flags.runnable) expect(flags.group, kind).toBe(true);
      if (flags.group || flags.note)
        expect(definition.inputs.length + definition.outputs.length).toBe(0);
    }
  });

  it('finds kinds by stored name, and no inherited property as a kind', () => {
    expect(nodeKindOf('ai_processor')?.flags.streams).toBe(true);
    for (const name of ['constructor', '__proto__', 'toString', 'nope', ''])
      expect(nodeKindOf(name), name).toBeUndefined();
  });

  it('reads stored params into typed ones: defaults for blank or wrong values, never a failure', () => {
    expect(nodeCatalog.ai_processor.parseParams({})).toEqual({ template: '{{input}}' });
    expect(
      nodeCatalog.ai_processor.parseParams({
        model: 'echo',
        template: '',
        temperature: '0.5',
        maxTokens: 20,
        systemPrompt: null,
        stray: true,
      }),
    ).toEqual({ model: 'echo', template: '{{input}}', maxTokens: 20 });
    expect(nodeCatalog.database.parseParams({ mode: 'sideways', format: 'text' })).toEqual({
      mode: 'all',
      format: 'text',
    });
    for (const raw of [null, 'text', [1], 5])
      expect(nodeCatalog.input.parseParams(raw)).toEqual({ valueType: 'text' });
    // A param that only starts a new node off keeps a blank value blank.
    expect(nodeCatalog.input.parseParams({ name: '' })).toEqual({ valueType: 'text' });
    expect(nodeCatalog.ai_output.params.find((p) => p.name === 'name')?.defaultValue).toBe(
      'output',
    );
    // A custom AI's settings apply to a node that has not set its own.
    for (const name of ['temperature', 'maxTokens'])
      expect(nodeCatalog.ai_processor.params.find((p) => p.name === name)?.defaultValue).toBeNull();
    expect(readNodeParams('ai_image', { size: '512x512' })).toEqual({
      kind: 'ai_image',
      params: { template: '{{prompt}}', size: '512x512' },
    });
  });

  it('types the params of each kind', () => {
    expectTypeOf<TNodeParams<'ai_processor'>>().toEqualTypeOf<{
      readonly template: string;
      readonly model?: string;
      readonly customAiId?: string;
      readonly systemPrompt?: string;
      readonly temperature?: number;
      readonly maxTokens?: number;
      readonly timeoutSeconds?: number;
    }>();
    expectTypeOf<TNodeParams<'database'>['mode']>().toEqualTypeOf<'all' | 'by_key' | 'filter'>();
    expectTypeOf<TNodeParams<'input'>['valueType']>().toEqualTypeOf<
      'text' | 'number' | 'json' | 'file'
    >();
  });

  it('summarises a node in a line of its params', () => {
    expect(
      nodeCatalog.ai_processor.summaryParts({ model: 'echo', template: 'Say\n  {{x}}' }),
    ).toEqual(['echo', 'Say {{x}}']);
    expect(nodeCatalog.ai_processor.summaryParts({ customAiId: 'a' })).toEqual([
      'custom AI',
      '{{input}}',
    ]);
    // A select param shows its option's label, not its stored value.
    expect(nodeCatalog.database.summaryParts({})).toEqual([
      'no database chosen',
      'All values',
      'JSON',
    ]);
    expect(
      nodeCatalog.database.summaryParts({ databaseId: 'd', mode: 'by_key', key: 'k' }),
    ).toEqual(['The value of one key', 'k', 'JSON']);
    expect(nodeCatalog.blank.summaryParts({ note: '  ' })).toEqual(['Empty note']);
    expect(nodeCatalog.group.summaryParts({})).toEqual([]);
  });
});

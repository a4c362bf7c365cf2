import { describe, expect, it } from 'vitest';
import { useWorld } from '../test/api-world';
import { testDatabaseKinds } from '../test/test-databases';

// Half an emoji: what `JSON.stringify` sends of a string cut through one (`"\ud83d"`).
const half = '😀'.slice(0, 1);

describe.each(testDatabaseKinds)('text holding half an emoji (%s)', (kind) => {
  const w = useWorld(kind);

  it('is stored with U+FFFD in its place, in text and JSON columns alike', async () => {
    const node = await w.as.owner.post('/api/nodes', {
      projectId: w.projectId,
      type: 'ai_processor',
      data: { title: `title ${half}`, params: { model: 'echo', template: `say ${half}` } },
    });
    expect(node.status).toBe(201);
    expect(node.body.data).toMatchObject({
      title: 'title \ufffd',
      params: { template: 'say \ufffd' },
    });

    const run = await w.as.owner.post('/api/runs', {
      projectId: w.projectId,
      inputs: { [`key ${half}`]: `value ${half}` },
    });
    expect(run.status).toBe(202);
    expect(run.body.run.inputs).toEqual({ 'key \ufffd': 'value \ufffd' });
  });
});

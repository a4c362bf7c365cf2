import { describe, expect, it } from 'vitest';
import { useWorld } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';
import { saveMessage } from './custom-ais.repo';

describe.each(testDatabaseKinds)('stored chat messages (%s)', (kind) => {
  const w = useWorld(kind);

  it('keep an answer cut through an emoji, with U+FFFD for its half', async () => {
    const custom = await w.as.owner.post('/api/custom_ais', {
      projectId: w.projectId,
      name: 'Cut short',
      model: 'echo',
    });
    const conversation = await w.as.owner.post('/api/conversations', {
      customAiId: custom.body.id,
    });
    const conversationId = conversation.body.id as string;
    const answer = (text: string) => ({
      conversationId,
      uiId: 'answer-1',
      role: 'assistant' as const,
      parts: [{ type: 'text', text }],
    });
    await saveMessage(w.t.database.db, answer(`cut ${'😀'.slice(0, 1)}`), false);
    // Regenerated, it replaces the stored parts the same way.
    await saveMessage(w.t.database.db, answer(`again ${'😀'.slice(0, 1)}`), true);
    const stored = await w.as.owner.get(`/api/conversations/${conversationId}/messages`);
    expect(stored.status).toBe(200);
    expect(JSON.stringify(stored.body)).toContain('again \ufffd');
  });
});

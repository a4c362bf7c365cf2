import {
  docNode,
  edges,
  handle,
  nodeOfKind,
  openCanvas,
  projectWithGraph,
  storedGraph,
} from './constructor-helpers';
import { expect, test } from './support/flowsmith.fixture';

test.use({ signedInAs: 'Ada Lovelace' });

test('renaming a prompt variable offers, before saving, to move its connection to the new input', async ({
  page,
}) => {
  const question = docNode('q', 'input', 0, 'Question', {
    outputs: [{ name: 'value', label: 'Value', type: 'any' }],
  });
  const topic = docNode('t', 'input', 0, 'Topic', {
    outputs: [{ name: 'value', label: 'Value', type: 'any' }],
  });
  topic.position.y = 300;
  const ai = docNode('ai', 'ai_processor', 400, 'Answerer', {
    inputs: [
      { name: 'input', label: 'Input', type: 'text' },
      { name: 'topic', label: 'Topic', type: 'text' },
    ],
    outputs: [{ name: 'text', label: 'Text', type: 'text' }],
  });
  ai.data.params = { template: '{{input}} about {{topic}}' };
  const projectId = await projectWithGraph(
    page.request,
    'Prompts',
    [question, topic, ai],
    [
      { id: 'e1', source: 'q', sourceHandle: 'value', target: 'ai', targetHandle: 'input' },
      { id: 'e2', source: 't', sourceHandle: 'value', target: 'ai', targetHandle: 'topic' },
    ],
  );
  await openCanvas(page, projectId);
  await expect(edges(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Settings of Answerer' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI processor settings' });
  await dialog.getByLabel('Prompt template').fill('{{question}}');

  // Under the template: a rename keeps the wire unless the user says otherwise; a variable
  // simply removed says that its connection goes.
  const carry = dialog.getByLabel('Move the connection of input to question');
  await expect(carry).toBeChecked();
  await expect(dialog.getByRole('alert')).toContainText('Saving removes the input topic');
  await carry.uncheck();
  await expect(dialog.getByRole('alert').filter({ hasText: 'input input' })).toBeVisible();
  await carry.check();

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const processor = nodeOfKind(page, 'ai_processor');
  await expect(handle(processor, 'question', 'target')).toBeVisible();
  await expect(edges(page)).toHaveCount(1);

  const stored = await storedGraph(page.request, projectId);
  expect(stored.connections.map((c) => c.targetHandle)).toEqual(['question']);
});

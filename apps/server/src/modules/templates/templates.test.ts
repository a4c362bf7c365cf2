import { beforeAll, describe, expect, it } from 'vitest';
import { starterTemplates } from '@flowsmith/shared';
import { expectError, fieldsOf, useWorld } from '../../test/api-world';
import { plansOf, buy } from '../../test/billing-fixtures';
import { testDatabaseKinds } from '../../test/test-databases';

describe.each(testDatabaseKinds)('starter templates on %s', (database) => {
  const w = useWorld(database);
  beforeAll(async () => {
    // Every template becomes a project of the owner: more than the Free plan's three.
    const { team } = await plansOf(w);
    await w.created(buy(w, team!, 1, 'monthly'));
  });

  const finished = (runId: string) => w.finished(runId);

  /** Runs what the template's canvas offers: its runnable group, or the whole canvas. */
  async function runTemplate(projectId: string) {
    const groups = (await w.as.owner.get(`/api/node_groups?projectId=${projectId}`)).body.items;
    const started = await w.as.owner.post('/api/runs', {
      projectId,
      nodeGroupId: groups[0]?.id ?? null,
      inputs: {},
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return finished(started.body.run.id);
  }

  it.each(starterTemplates.map((t) => [t.id, t] as const))(
    '%s becomes a project whose canvas runs as it is on Echo',
    async (_id, template) => {
      const applied = await w.as.owner.post('/api/templates/apply', { templateId: template.id });
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
      const { projectId, customAiId } = applied.body;
      const project = (await w.as.owner.get(`/api/projects/${projectId}`)).body;
      expect(project).toMatchObject({ name: template.name, role: 'owner' });

      const graph = (await w.as.owner.get(`/api/projects/${projectId}/graph`)).body;
      expect(graph.nodes).toHaveLength(template.graph.nodes.length);
      expect(graph.connections).toHaveLength(template.graph.edges.length);
      const note = graph.nodes.find((n: { type: string }) => n.type === 'blank');
      expect(note.data.params.note).toMatch(/Echo.*pick/s);

      const run = await runTemplate(projectId);
      expect(run.error).toBeNull();
      expect(run.status).toBe('succeeded');
      const outputs = Object.values(run.outputs);
      expect(outputs.length).toBeGreaterThan(0);
      for (const output of outputs) {
        if (typeof output === 'string') expect(output).toMatch(/^Echo: /);
        else expect(output).toMatchObject({ url: expect.stringContaining('/api/files/') });
      }

      if (template.customAi) {
        const links = (
          await w.as.owner.get(`/api/custom_ai_to_node_groups?customAiId=${customAiId}`)
        ).body.items;
        expect(links).toHaveLength(template.customAi.tools.length);
      } else expect(customAiId).toBeNull();
    },
    60_000,
  );

  it('fills the template databases and stores what a run classified', async () => {
    const { projectId } = (
      await w.as.owner.post('/api/templates/apply', { templateId: 'classify-rows' })
    ).body;
    const databases = (await w.as.owner.get(`/api/node_databases?projectId=${projectId}`)).body
      .items as Array<{ id: string; name: string }>;
    expect(databases.map((d) => d.name).sort()).toEqual(['Feedback', 'Labels']);
    const labels = databases.find((d) => d.name === 'Labels')!;
    await runTemplate(projectId);
    const stored = (await w.as.owner.get(`/api/database_values?nodeDatabaseId=${labels.id}`)).body;
    expect(stored.total).toBe(1);
    expect(stored.items[0].value).toContain('The export button does nothing');
  });

  it('adds a template to a project the caller edits, naming its databases apart', async () => {
    const first = await w.as.editor.post('/api/templates/apply', {
      templateId: 'classify-rows',
      projectId: w.projectId,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.projectId).toBe(w.projectId);
    await w.as.editor.post('/api/templates/apply', {
      templateId: 'classify-rows',
      projectId: w.projectId,
    });
    const names = (await w.as.owner.get(`/api/node_databases?projectId=${w.projectId}`)).body.items
      .map((d: { name: string }) => d.name)
      .sort();
    expect(names).toEqual(['Feedback', 'Feedback 2', 'Labels', 'Labels 2']);
  });

  it('refuses bad input with the field named', async () => {
    const unknown = await w.as.owner.post('/api/templates/apply', { templateId: 'nope' });
    expectError(unknown, 400, 'validation_error');
    expect(fieldsOf(unknown)).toEqual(['templateId']);
    const badProject = await w.as.owner.post('/api/templates/apply', {
      templateId: 'question-answer',
      projectId: 'not-an-id',
    });
    expectError(badProject, 400, 'validation_error');
    expect(fieldsOf(badProject)).toEqual(['projectId']);
  });

  it("keeps other people's projects out of reach", async () => {
    const before = (await w.as.stranger.get(`/api/projects/${w.strangerProjectId}/graph`)).body;
    const stranger = await w.as.owner.post('/api/templates/apply', {
      templateId: 'question-answer',
      projectId: w.strangerProjectId,
    });
    expectError(stranger, 404, 'not_found');
    expect(fieldsOf(stranger)).toEqual(['projectId']);
    const viewer = await w.as.viewer.post('/api/templates/apply', {
      templateId: 'question-answer',
      projectId: w.projectId,
    });
    expectError(viewer, 403, 'forbidden');
    const after = (await w.as.stranger.get(`/api/projects/${w.strangerProjectId}/graph`)).body;
    expect(after.nodes).toHaveLength(before.nodes.length);
    expectError(
      await w.as.anonymous.post('/api/templates/apply', { templateId: 'question-answer' }),
      401,
      'unauthorized',
    );
  });
});

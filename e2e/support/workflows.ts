import type { APIRequestContext } from '@playwright/test';
import { postFromApp } from './api';
import { expect } from './flowsmith.fixture';

export type TId = { id: string };

export async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await postFromApp(request, path, data);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Connects a workflow's input to its processor and the processor's text to its output. */
export async function wireProcessor(
  request: APIRequestContext,
  projectId: string,
  nodes: { input: TId; processor: TId; output: TId },
) {
  const connect = (source: TId, target: TId, sourceHandle: string, targetHandle: string) =>
    post(request, '/api/node_connections', {
      projectId,
      source: source.id,
      sourceHandle,
      target: target.id,
      targetHandle,
    });
  await connect(nodes.input, nodes.processor, 'value', 'input');
  await connect(nodes.processor, nodes.output, 'text', 'text');
}

/**
 * input → ai_processor (`model`, template `Q: {{input}}`) → ai_output side by side in an AI
 * group, so each node's buttons can be clicked.
 */
export async function createLaidOutWorkflow(
  request: APIRequestContext,
  name: string,
  model: string,
) {
  const project = await post<TId>(request, '/api/projects', { name });
  const group = await post<TId & { nodeId: string }>(request, '/api/node_groups', {
    projectId: project.id,
    name: `${name} group`,
    type: 'ai_group',
    position: { x: 40, y: 40 },
    width: 980,
    height: 320,
  });
  const node = (type: string, x: number, title: string, params: Record<string, unknown>) =>
    post<TId>(request, '/api/nodes', {
      projectId: project.id,
      type,
      parentId: group.nodeId,
      position: { x, y: 70 },
      data: { title, params },
    });
  const input = await node('input', 30, 'Question', { name: 'input', valueType: 'text' });
  const processor = await node('ai_processor', 340, 'Tiny', { model, template: 'Q: {{input}}' });
  const output = await node('ai_output', 660, 'Answer', { name: 'answer' });
  await wireProcessor(request, project.id, { input, processor, output });
  return { projectId: project.id, groupId: group.id, groupName: `${name} group` };
}

/** A project whose one AI group answers its `question` input, by default with the echo model. */
export async function createEchoWorkflow(request: APIRequestContext, name: string, model = 'echo') {
  const project = await post<TId>(request, '/api/projects', { name });
  const group = await post<TId & { nodeId: string }>(request, '/api/node_groups', {
    projectId: project.id,
    name: 'Echo group',
    type: 'ai_group',
  });
  const node = (type: string, title: string, params: Record<string, unknown>) =>
    post<TId>(request, '/api/nodes', {
      projectId: project.id,
      type,
      parentId: group.nodeId,
      data: { title, params },
    });
  const input = await node('input', 'Question', { name: 'question' });
  const processor = await node('ai_processor', 'Echo', { model, template: '{{input}}' });
  const output = await node('ai_output', 'Answer', { name: 'answer' });
  await wireProcessor(request, project.id, { input, processor, output });
  return { projectId: project.id, groupId: group.id };
}

/** Runs the workflow and waits until it has succeeded, so its model call is logged. */
export async function runWorkflow(
  request: APIRequestContext,
  workflow: { projectId: string; groupId: string },
  question: string,
  inputName = 'question',
) {
  const { run } = await post<{ run: TId }>(request, '/api/runs', {
    projectId: workflow.projectId,
    nodeGroupId: workflow.groupId,
    inputs: { [inputName]: question },
  });
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/runs/${run.id}`);
        return ((await response.json()) as { status: string }).status;
      },
      { timeout: 20_000 },
    )
    .toBe('succeeded');
  return run.id;
}

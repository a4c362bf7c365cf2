import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { postFromApp } from './support/api';
import { expect } from './support/flowsmith.fixture';

/** Helpers of the constructor tests: API setup, and reading the canvas as the user sees it. */
export type TDocNode = {
  id: string;
  type: string;
  position: { x: number; y: number };
  data: { title: string; params: Record<string, unknown> };
  inputs: { name: string; label: string; type: string }[];
  outputs: { name: string; label: string; type: string }[];
};

export function documentOf(
  nodes: readonly TDocNode[],
  edges: readonly Record<string, string>[] = [],
) {
  return { format: 'flowsmith.graph', version: 1, nodes, edges };
}

export const docNode = (
  id: string,
  type: string,
  x: number,
  title: string,
  handles: Partial<Pick<TDocNode, 'inputs' | 'outputs'>> = {},
): TDocNode => ({
  id,
  type,
  position: { x, y: 100 },
  data: { title, params: {} },
  inputs: handles.inputs ?? [],
  outputs: handles.outputs ?? [],
});

export async function createProject(request: APIRequestContext, name: string): Promise<string> {
  const response = await postFromApp(request, '/api/projects', { name });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Makes the user with that address a member of the project, as its owner. */
export async function addMember(
  request: APIRequestContext,
  projectId: string,
  email: string,
  role: 'viewer' | 'editor',
) {
  const users = await request.get(`/api/users?search=${encodeURIComponent(email)}`);
  const userId = ((await users.json()) as { items: { id: string }[] }).items[0]!.id;
  const added = await postFromApp(request, '/api/project_users', { projectId, userId, role });
  expect(added.status(), await added.text()).toBe(201);
}

export async function importGraph(request: APIRequestContext, projectId: string, graph: unknown) {
  const response = await postFromApp(request, `/api/projects/${projectId}/graph/import`, {
    graph,
    mode: 'copy',
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A new project holding these nodes and connections, imported as a workflow file. */
export async function projectWithGraph(
  request: APIRequestContext,
  name: string,
  nodes: readonly TDocNode[],
  edges: readonly Record<string, string>[] = [],
): Promise<string> {
  const projectId = await createProject(request, name);
  await importGraph(request, projectId, documentOf(nodes, edges));
  return projectId;
}

export type TStoredGraph = {
  nodes: {
    id: string;
    type: string;
    position: { x: number; y: number };
    parentId: string | null;
    data: { title: string; params: Record<string, unknown> };
  }[];
  connections: {
    source: string;
    target: string;
    sourceHandle: string;
    targetHandle: string;
    label: string;
  }[];
  inputs: { nodeId: string; name: string }[];
};

export async function storedGraph(request: APIRequestContext, projectId: string) {
  const response = await request.get(`/api/projects/${projectId}/graph`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as TStoredGraph;
}

export async function openCanvas(page: Page, projectId: string) {
  await page.goto(`/constructor?projectId=${projectId}`);
  await expect(page.locator('.react-flow__renderer')).toBeVisible();
}

export const nodes = (page: Page) => page.locator('.react-flow__node');
export const edges = (page: Page) => page.locator('.react-flow__edge');
export const nodeOfKind = (page: Page, kind: string) => page.locator(`.react-flow__node-${kind}`);

export function handle(node: Locator, name: string, side: 'source' | 'target'): Locator {
  return node.locator(`.react-flow__handle.${side}[data-handleid="${name}"]`);
}

/** Drags a connection from one handle to another with the mouse, as a user does. */
export async function connect(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** Drags a node by the mouse so that its top-left corner ends `dx`, `dy` from where it was. */
export async function dragNode(page: Page, node: Locator, dx: number, dy: number) {
  const box = (await node.boundingBox())!;
  await node.hover();
  await page.mouse.down();
  await page.mouse.move(box.x + dx, box.y + dy, { steps: 8 });
  await page.mouse.up();
}

export async function waitSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
}

/** What the canvas shows: node titles and summaries, and how many edges. */
export async function visibleCanvas(page: Page) {
  return {
    titles: (await page.getByTestId('node-title').allTextContents()).sort(),
    summaries: (await page.getByTestId('node-summary').allTextContents()).sort(),
    edgeCount: await edges(page).count(),
  };
}

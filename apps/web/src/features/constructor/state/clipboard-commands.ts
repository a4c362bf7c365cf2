import { toGraphDocument, type TGraphDocument } from '@flowsmith/shared';
import { graphApi } from '../../../lib/queries/canvas';
import { layoutOf } from '../core/flow-mapping';
import { clipboardOf, fragmentOfCreated, pasteOffset } from '../core/fragment';
import { absolutePosition } from '../core/grouping';
import { importProblemsOf, readGraphFile } from '../core/import-file';
import { autoLayout } from '../core/auto-layout';
import type { CanvasCommands } from './canvas-commands';
import { addGraph, applyLayoutItems, selection, snapshot } from './canvas-updates';
import { openDialog, useCanvasStore } from './canvas-store';

/** How far each paste at the same place lands from the one before, so copies never hide each other. */
export const PASTE_STEP = 40;

type TPoint = { x: number; y: number };

// Kept outside any one canvas: copying in one project and pasting into another works.
let clipboard: TGraphDocument | null = null;
/** Pastes since the copy at the place of the last one. */
let pastes = 0;
let pastedAt: TPoint | null = null;
/** The pointer over the open canvas, in flow coordinates; null while it is elsewhere. */
let pointer: TPoint | null = null;

export function setPastePoint(at: TPoint | null): void {
  pointer = at;
}

const samePlace = (a: TPoint | null, b: TPoint | null) => a?.x === b?.x && a?.y === b?.y;

export function copySelection(): number {
  const { nodeIds } = selection();
  if (!nodeIds.length) return 0;
  clipboard = clipboardOf(snapshot(), nodeIds);
  pastes = 0;
  pastedAt = null;
  return clipboard.nodes.length;
}

async function insertCopy(
  commands: CanvasCommands,
  document: TGraphDocument,
  offset: { x: number; y: number },
  label: string,
): Promise<number> {
  const result = await commands.attempt(label.toLowerCase(), () =>
    commands.queue.run(() =>
      graphApi.import(commands.deps.projectId, { graph: document, mode: 'copy', offset }),
    ),
  );
  if (!result) return 0;
  addGraph(result.graph, commands.deps.catalog.isGroupKind, true);
  commands.record(label, { kind: 'add', fragment: fragmentOfCreated(result.graph) });
  return result.graph.nodes.length;
}

export async function pasteClipboard(commands: CanvasCommands): Promise<number> {
  if (commands.readOnly || !clipboard?.nodes.length) return 0;
  if (!samePlace(pointer, pastedAt)) pastes = 0;
  pastedAt = pointer;
  // Without a pointer the first paste steps off the copied nodes; at the pointer it lands there.
  const offset = pasteOffset(clipboard, pointer, pointer ? pastes : pastes + 1, PASTE_STEP);
  pastes += 1;
  return insertCopy(commands, clipboard, offset, 'Paste');
}

export async function duplicateSelection(commands: CanvasCommands): Promise<number> {
  const { nodeIds } = selection();
  if (commands.readOnly || !nodeIds.length) return 0;
  const document = clipboardOf(snapshot(), nodeIds);
  return insertCopy(commands, document, { x: PASTE_STEP, y: PASTE_STEP }, 'Duplicate');
}

/** Lays out the selection (two nodes or more) or else the whole canvas. */
export async function layoutCanvas(commands: CanvasCommands): Promise<void> {
  if (commands.readOnly) return;
  const { nodes, edges } = useCanvasStore.getState();
  const chosen = selection().nodeIds;
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const items = await autoLayout(
    new ELK(),
    nodes,
    edges,
    chosen.length > 1 ? new Set(chosen) : undefined,
  );
  if (!items.length) return;
  const ids = new Set(items.map((item) => item.id));
  const before = nodes.filter((node) => ids.has(node.id)).map(layoutOf);
  applyLayoutItems(items);
  commands.commitLayout('Auto-layout', before, items);
}

function download(fileName: string, document: TGraphDocument) {
  const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(window.document.createElement('a'), { href: url, download: fileName });
  link.click();
  // Revoked on the next turn: the click starts the download synchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves the canvas (or one group with its contents) as a workflow file. */
export function exportCanvas(baseName: string, groupNodeId?: string): void {
  const graph = snapshot();
  const document = toGraphDocument(graph, groupNodeId ? [groupNodeId] : undefined);
  const slug = baseName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  download(`${slug || 'workflow'}.flowsmith.json`, document);
}

/**
 * Imports a workflow file as new nodes to the right of what is on the canvas. A file that
 * cannot be read, or that the server refuses, changes nothing and gets a report of each problem.
 */
export async function importFile(commands: CanvasCommands, file: File): Promise<number> {
  if (commands.readOnly) return 0;
  const read = readGraphFile(await file.text());
  if (!read.ok) {
    openDialog({ kind: 'import-report', fileName: file.name, problems: read.problems });
    return 0;
  }
  const { nodes } = useCanvasStore.getState();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const roots = read.document.nodes.filter((node) => !node.parentId);
  let offset = { x: 0, y: 0 };
  if (nodes.length && roots.length) {
    const right = Math.max(
      ...nodes.map((node) => absolutePosition(node, byId).x + (node.measured?.width ?? 240)),
    );
    const top = Math.min(...nodes.map((node) => absolutePosition(node, byId).y));
    offset = {
      x: Math.round(right + 100 - Math.min(...roots.map((node) => node.position.x))),
      y: Math.round(top - Math.min(...roots.map((node) => node.position.y))),
    };
  }
  try {
    const result = await commands.queue.run(() =>
      graphApi.import(commands.deps.projectId, { graph: read.raw, mode: 'copy', offset }),
    );
    addGraph(result.graph, commands.deps.catalog.isGroupKind, true);
    commands.record('Import', { kind: 'add', fragment: fragmentOfCreated(result.graph) });
    return result.graph.nodes.length;
  } catch (error) {
    openDialog({ kind: 'import-report', fileName: file.name, problems: importProblemsOf(error) });
    return 0;
  }
}

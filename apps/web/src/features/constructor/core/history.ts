import type { TNodeData } from '@flowsmith/shared';
import { remapFragment, type TFragment, type TIdMap } from './fragment';
import type { TLayoutItem } from './flow-types';

export type TGroupFields = { name: string; settings: Record<string, unknown> };

/** A change to the canvas as data, so that it can be inverted, replayed and re-addressed. */
export type TOp =
  | { kind: 'add'; fragment: TFragment }
  | { kind: 'remove'; fragment: TFragment }
  | { kind: 'layout'; before: TLayoutItem[]; after: TLayoutItem[] }
  | { kind: 'node-data'; nodeId: string; before: TNodeData; after: TNodeData }
  | { kind: 'edge-label'; edgeId: string; before: string; after: string }
  | { kind: 'group'; nodeId: string; before: TGroupFields; after: TGroupFields }
  | { kind: 'batch'; ops: TOp[] };

export type TEntry = { label: string; op: TOp };

export function invert(op: TOp): TOp {
  switch (op.kind) {
    case 'add':
      return { kind: 'remove', fragment: op.fragment };
    case 'remove':
      return { kind: 'add', fragment: op.fragment };
    case 'layout':
    case 'node-data':
    case 'edge-label':
    case 'group':
      return { ...op, before: op.after, after: op.before } as TOp;
    case 'batch':
      return { kind: 'batch', ops: op.ops.map(invert).reverse() };
  }
}

const mapId = (map: TIdMap, id: string) => map[id] ?? id;
const mapLayout = (items: TLayoutItem[], map: TIdMap) =>
  items.map((item) => ({
    ...item,
    id: mapId(map, item.id),
    parentId: item.parentId ? mapId(map, item.parentId) : null,
  }));

/** The op with ids replaced: a restored connection gets a new id, and history must follow it. */
export function remapOp(op: TOp, map: TIdMap): TOp {
  switch (op.kind) {
    case 'add':
    case 'remove':
      return { ...op, fragment: remapFragment(op.fragment, map) };
    case 'layout':
      return { ...op, before: mapLayout(op.before, map), after: mapLayout(op.after, map) };
    case 'node-data':
    case 'group':
      return { ...op, nodeId: mapId(map, op.nodeId) };
    case 'edge-label':
      return { ...op, edgeId: mapId(map, op.edgeId) };
    case 'batch':
      return { ...op, ops: op.ops.map((inner) => remapOp(inner, map)) };
  }
}

export const HISTORY_LIMIT = 100;

/**
 * Undo and redo stacks of inverse operations. Applying is the caller's (it talks to the server);
 * an entry moves between the stacks only once its application succeeded, so a failed undo can
 * simply be tried again.
 */
export class History {
  private past: TEntry[] = [];
  private future: TEntry[] = [];
  private busy = false;

  constructor(private readonly limit = HISTORY_LIMIT) {}

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  push(label: string, op: TOp): void {
    this.past.push({ label, op });
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }

  clear(): void {
    this.past = [];
    this.future = [];
  }

  /** Rewrites ids in every stored op. */
  remap(map: TIdMap): void {
    if (!Object.keys(map).length) return;
    const remap = (entry: TEntry) => ({ ...entry, op: remapOp(entry.op, map) });
    this.past = this.past.map(remap);
    this.future = this.future.map(remap);
  }

  /** Applies the inverse of the latest change; resolves with its label, or null if none ran. */
  async undo(apply: (op: TOp) => Promise<void>): Promise<string | null> {
    return this.step(apply, 'undo');
  }

  async redo(apply: (op: TOp) => Promise<void>): Promise<string | null> {
    return this.step(apply, 'redo');
  }

  private async step(
    apply: (op: TOp) => Promise<void>,
    direction: 'undo' | 'redo',
  ): Promise<string | null> {
    const from = direction === 'undo' ? this.past : this.future;
    if (this.busy || !from.length) return null;
    this.busy = true;
    try {
      const entry = from[from.length - 1]!;
      await apply(direction === 'undo' ? invert(entry.op) : entry.op);
      // Re-read: `apply` may have remapped ids, which replaces the stored entries.
      const source = direction === 'undo' ? this.past : this.future;
      const done = source.pop()!;
      (direction === 'undo' ? this.future : this.past).push(done);
      return done.label;
    } finally {
      this.busy = false;
    }
  }
}

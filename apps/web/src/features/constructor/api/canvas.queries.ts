import { queryOptions } from '@tanstack/react-query';
import type { TNodeType, TNodeTypeParam } from '@flowsmith/shared';
import { catalogQueryOptions } from '../../../lib/queries/catalog';

/** The node kinds as the canvas uses them: looked up by kind, params in display order. */
export type TCatalog = {
  types: TNodeType[];
  byKind: Map<string, TNodeType>;
  paramsByKind: Map<string, TNodeTypeParam[]>;
  isGroupKind: (kind: string) => boolean;
};

export function buildCatalog(types: TNodeType[], params: TNodeTypeParam[]): TCatalog {
  const sorted = [...types].sort((a, b) => a.sortOrder - b.sortOrder);
  const byKind = new Map(sorted.map((type) => [type.kind, type]));
  const kindOfType = new Map(sorted.map((type) => [type.id, type.kind]));
  const paramsByKind = new Map<string, TNodeTypeParam[]>();
  for (const param of [...params].sort((a, b) => a.sortOrder - b.sortOrder)) {
    const kind = kindOfType.get(param.nodeTypeId);
    if (kind) paramsByKind.set(kind, [...(paramsByKind.get(kind) ?? []), param]);
  }
  return {
    types: sorted,
    byKind,
    paramsByKind,
    isGroupKind: (kind) => byKind.get(kind)?.isGroup ?? false,
  };
}

const selectCatalog = ({ types, params }: { types: TNodeType[]; params: TNodeTypeParam[] }) =>
  buildCatalog(types, params);

/** The catalog indexed for the canvas; the rows are cached under the catalog area's key. */
export const canvasCatalogQueryOptions = () =>
  queryOptions({ ...catalogQueryOptions(), select: selectCatalog });

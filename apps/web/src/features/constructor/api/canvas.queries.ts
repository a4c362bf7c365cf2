import { queryOptions } from '@tanstack/react-query';
import {
  nodeCatalog,
  nodeKinds,
  type TNodeKind,
  type TNodeKindDefinition,
  type TNodeType,
  type TNodeTypeParam,
} from '@flowsmith/shared';
import { catalogQueryOptions } from '../../../lib/queries/catalog';

/** A node kind as the canvas shows it: its definition, in the administrator's words. */
export type TCanvasKind = TNodeKindDefinition<TNodeKind>;

/** The node kinds as the canvas uses them, in palette order, looked up by kind. */
export type TCatalog = {
  kinds: TCanvasKind[];
  byKind: Map<string, TCanvasKind>;
  isGroupKind: (kind: string) => boolean;
};

/**
 * The kinds of the catalog in code, with the names, labels and descriptions of their rows:
 * behaviour comes from the code, the wording may be the administrator's.
 */
export function buildCatalog(types: TNodeType[], params: TNodeTypeParam[]): TCatalog {
  const rows = new Map(types.map((type) => [type.kind, type]));
  const paramRows = new Map(params.map((param) => [`${param.nodeTypeId}/${param.name}`, param]));
  const kinds = nodeKinds.map((kind): TCanvasKind => {
    const definition: TCanvasKind = nodeCatalog[kind];
    const row = rows.get(kind);
    if (!row) return definition;
    return {
      ...definition,
      name: row.name,
      description: row.description,
      params: definition.params.map((param) => {
        const text = paramRows.get(`${row.id}/${param.name}`);
        return text ? { ...param, label: text.label, description: text.description } : param;
      }),
    };
  });
  const byKind = new Map<string, TCanvasKind>(kinds.map((kind) => [kind.kind, kind]));
  return { kinds, byKind, isGroupKind: (kind) => byKind.get(kind)?.flags.group ?? false };
}

const selectCatalog = ({ types, params }: { types: TNodeType[]; params: TNodeTypeParam[] }) =>
  buildCatalog(types, params);

/** The catalog indexed for the canvas; the rows are cached under the catalog area's key. */
export const canvasCatalogQueryOptions = () =>
  queryOptions({ ...catalogQueryOptions(), select: selectCatalog });

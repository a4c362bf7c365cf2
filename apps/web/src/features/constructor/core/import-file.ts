import { parseGraphDocument, type TGraphDocument, type TGraphProblem } from '@flowsmith/shared';
import { isApiError } from '../../../lib/api';

export type TReadResult =
  { ok: true; document: TGraphDocument; raw: unknown } | { ok: false; problems: TGraphProblem[] };

/** Reads a workflow file's text: JSON first, then the versioned format with its migrations. */
export function readGraphFile(text: string): TReadResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    return { ok: false, problems: [{ path: '(file)', message: `Not valid JSON: ${reason}` }] };
  }
  const parsed = parseGraphDocument(raw);
  return parsed.ok ? { ok: true, document: parsed.document, raw } : parsed;
}

/**
 * The server's refusal of an import as the same list of problems: its `details` name fields of
 * the request (`graph.nodes.3.type`), shown as paths in the file (`nodes.3.type`).
 */
export function importProblemsOf(error: unknown): TGraphProblem[] {
  if (isApiError(error) && error.details.length) {
    return error.details.map((detail) => ({
      path: detail.field.replace(/^graph\.?/, '') || '(file)',
      message: detail.message,
    }));
  }
  const message = error instanceof Error ? error.message : 'The import failed';
  return [{ path: '(file)', message }];
}

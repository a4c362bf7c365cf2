import { nodeKindOf } from '@flowsmith/shared';
import { modelLabel } from '../../../lib/models/model-label';

/** At most this many characters of summary on a node. */
export const SUMMARY_LENGTH = 80;

const clip = (value: string) =>
  value.length > SUMMARY_LENGTH ? `${value.slice(0, SUMMARY_LENGTH - 1)}…` : value;

/**
 * One line of the params that matter most for a kind (its catalog entry says which), shown on the
 * node; a model by its label, never its internal id.
 */
export function summaryOf(kind: string, params: Record<string, unknown>): string {
  const model = typeof params.model === 'string' ? params.model : '';
  const parts = nodeKindOf(kind)?.summaryParts(params) ?? [];
  return clip(parts.map((part) => (model && part === model ? modelLabel(part) : part)).join(' · '));
}

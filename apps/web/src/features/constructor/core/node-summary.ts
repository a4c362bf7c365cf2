import { nodeKindOf } from '@flowsmith/shared';

/** At most this many characters of summary on a node. */
export const SUMMARY_LENGTH = 80;

const clip = (value: string) =>
  value.length > SUMMARY_LENGTH ? `${value.slice(0, SUMMARY_LENGTH - 1)}…` : value;

/** One line of the params that matter most for a kind (its catalog entry says which), shown on the node. */
export function summaryOf(kind: string, params: Record<string, unknown>): string {
  return clip((nodeKindOf(kind)?.summaryParts(params) ?? []).join(' · '));
}

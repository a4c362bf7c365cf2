import { appRoutes } from '@flowsmith/shared';

/** The documentation page of a guide. */
export const guideUrl = (slug: string) => `${appRoutes.documentation}/${encodeURIComponent(slug)}`;

/** The node reference page of a node kind, e.g. `/documentation/nodes/ai_processor`. */
export const nodeDocUrl = (kind: string) =>
  `${appRoutes.documentation}/nodes/${encodeURIComponent(kind)}`;

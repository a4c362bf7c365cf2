import { z } from 'zod';
import { ZId, ZTimestamp } from '../resources/common';
import { ZRunStatus } from '../resources/logs-runs.schemas';
import { ZProjectRole } from '../resources/projects.schemas';

export const HOME_LIST_MAX = 20;

export const ZHomeQuery = z.object({
  /** How many rows each recent list holds. */
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(HOME_LIST_MAX, `Limit must be at most ${HOME_LIST_MAX}`)
    .default(5),
});

const ZHomeProject = z.object({
  id: ZId,
  name: z.string(),
  role: ZProjectRole,
  /** The later of its last change and its last run. */
  activeAt: ZTimestamp,
});

const ZHomeRun = z.object({
  id: ZId,
  projectId: ZId,
  projectName: z.string(),
  status: ZRunStatus,
  createdAt: ZTimestamp,
  /** From start to finish, or so far while it runs; null before it starts. */
  durationMs: z.number().nullable(),
});

const ZHomeFailedCall = z.object({
  id: ZId,
  projectId: ZId.nullable(),
  projectName: z.string().nullable(),
  provider: z.string(),
  model: z.string(),
  error: z.string().nullable(),
  createdAt: ZTimestamp,
});

const ZQuotaUse = z.object({ used: z.number(), limit: z.number() });

export const checklistSteps = ['project', 'run', 'customAi', 'database'] as const;

export const ZHomeSummary = z.object({
  recentProjects: z.array(ZHomeProject),
  recentRuns: z.array(ZHomeRun),
  failedCalls: z.array(ZHomeFailedCall),
  usage: z.object({
    plan: z.object({ code: z.string(), name: z.string() }),
    /** Model calls in the projects the caller owns, this calendar month (UTC). */
    requests: ZQuotaUse,
    /** Projects the caller owns. */
    projects: ZQuotaUse,
    periodStart: ZTimestamp,
    periodEnd: ZTimestamp,
  }),
  checklist: z.object({
    dismissed: z.boolean(),
    done: z.record(z.enum(checklistSteps), z.boolean()),
  }),
});
export type THomeSummary = z.infer<typeof ZHomeSummary>;

export const ZChecklistUpdate = z.object({
  dismissed: z.boolean({ error: 'Dismissed must be true or false' }),
});
export type TChecklistUpdate = z.infer<typeof ZChecklistUpdate>;

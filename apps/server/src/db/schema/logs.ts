import { doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { reqLogStatuses } from '@flowsmith/shared';
import { users } from './auth';
import { conversations, customAis } from './custom-ais';
import { id, indexesOn, timestamps } from './columns';
import { projects } from './projects';
import { runs } from './runs';

/**
 * One row per attempt of a model call: the attempts of one call (its retries) share `callId`,
 * numbered from 1 by `attempt`.
 */
export const reqLogs = pgTable(
  'req_logs',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => runs.id, { onDelete: 'set null' }),
    nodeId: uuid('node_id'),
    customAiId: uuid('custom_ai_id').references(() => customAis.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    callId: uuid('call_id').notNull().defaultRandom(),
    attempt: integer('attempt').notNull().default(1),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    status: text('status', { enum: reqLogStatuses }).notNull(),
    latencyMs: integer('latency_ms').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cost: doublePrecision('cost').notNull().default(0),
    prompt: text('prompt').notNull().default(''),
    response: text('response'),
    error: text('error'),
    ...timestamps(),
  },
  (t) => [
    index('req_logs_project_created_idx').on(t.projectId, t.createdAt),
    index('req_logs_user_created_idx').on(t.userId, t.createdAt),
    ...indexesOn('req_logs', t.model, t.runId, t.customAiId, t.conversationId, t.callId),
  ],
);

/** What a model costs, in US dollars; the admin keeps it up to date. */
export const modelPrices = pgTable('model_prices', {
  id: id(),
  /** A model id as pickers show it (`openai:gpt-4o-mini`) or the bare model name (`gpt-4o-mini`). */
  model: text('model').notNull().unique(),
  inputPerMillion: doublePrecision('input_per_million').notNull().default(0),
  outputPerMillion: doublePrecision('output_per_million').notNull().default(0),
  perImage: doublePrecision('per_image').notNull().default(0),
  ...timestamps(),
});

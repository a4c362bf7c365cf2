import type { FastifyBaseLogger } from 'fastify';
import type { TEngineServices } from '@flowsmith/engine';
import type { TValueTypeCode } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { customAiInProject } from '../custom-ais/custom-ais.repo';
import { databaseInProject, insertValues, readValues } from '../databases/databases.repo';
import type { TAdmission, TUsageMeter } from '../billing/quotas';
import { createModelCalls, type TFileSaver, type TLogLater } from '../models/model-calls';
import type { TModelResolver } from '../models/model-resolver';
import type { TCallContext, TRequestLog } from '../models/request-log';

// A database node hands on at most this many values, so one node cannot exhaust memory.
const MAX_VALUES = 10_000;

export type TRunServiceDeps = {
  db: TDb;
  log: FastifyBaseLogger;
  resolver: TModelResolver;
  requestLog: TRequestLog;
  meter: TUsageMeter;
  saveFile: TFileSaver;
};

/**
 * What the engine's nodes may touch during one run: only the run's own project. `run` may give
 * the admission of the run's model calls and `logLater`, which takes the request-log rows the
 * run stores with its events.
 */
export function createRunServices(
  deps: TRunServiceDeps,
  context: TCallContext,
  run: { admission?: TAdmission; logLater?: TLogLater } = {},
): TEngineServices {
  const { logLater } = run;
  const { db } = deps;
  const projectDatabase = async (databaseId: string) => {
    const row = await databaseInProject(db, databaseId, context.projectId);
    if (!row) throw new Error('The database of this node no longer exists in this project');
    return row.id;
  };
  return {
    models: createModelCalls({
      resolver: deps.resolver,
      log: deps.requestLog,
      ...(logLater ? { logLater } : {}),
      meter: run.admission ?? deps.meter,
      serverLog: deps.log,
      saveFile: deps.saveFile,
      context,
    }),
    customAis: {
      async get(id) {
        const row = await customAiInProject(db, id, context.projectId);
        return (
          row && {
            id: row.id,
            model: row.model,
            systemPrompt: row.systemPrompt,
            temperature: row.temperature,
            maxTokens: row.maxTokens,
          }
        );
      },
    },
    databases: {
      async read(databaseId, query) {
        const id = await projectDatabase(databaseId);
        const rows = await readValues(db, id, query, MAX_VALUES);
        return rows.map((row) => ({ ...row, type: row.type as TValueTypeCode }));
      },
      async append(databaseId, value) {
        const id = await projectDatabase(databaseId);
        await insertValues(db, [{ projectId: context.projectId, nodeDatabaseId: id, ...value }]);
      },
    },
    now: () => new Date(),
  };
}

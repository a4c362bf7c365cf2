import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ZId } from '@flowsmith/shared';
import type { TConfig } from '../../config/config';
import type { TDb } from '../../db/database';
import { runs } from '../../db/schema/index';
import type { TSecretBox } from '../../lib/secret-box';
import type { TRealtime } from '../../plugins/realtime';
import { createFileStore } from '../files/file-store';
import { filesRoutes } from '../files/files.routes';
import { createModelResolver } from '../models/model-resolver';
import { modelsRoutes } from '../models/models.routes';
import { createRequestLog } from '../models/request-log';
import { projectRoleOf } from '../resources/project-access';
import { createRunExecutor, type TRunExecutor } from './run-executor';
import { createInProcessRunQueue, type TRunQueue } from './run-queue';
import { runsRoutes } from './runs.routes';
import { startRunIn, type TStartRunArgs } from './run-starter';
import { chatRoutes } from '../custom-ais/chat.routes';

declare module 'fastify' {
  interface FastifyInstance {
    runs: { executor: TRunExecutor; queue: TRunQueue };
  }
}

type TDeps = { db: TDb; config: TConfig; realtime: TRealtime; credentialsBox: TSecretBox };

const isId = (id: string) => ZId.safeParse(id).success;

/**
 * Everything that calls models: the model list and request log, generated files, the run queue
 * and its worker, the `project:` and `run:` realtime channels, runs and custom AI chats.
 */
export async function registerRunModule(
  app: FastifyInstance,
  { db, config, realtime, credentialsBox }: TDeps,
) {
  const files = createFileStore(config.dataDir);
  const resolver = createModelResolver({ config, db, box: credentialsBox });
  const requestLog = createRequestLog(db, realtime);
  const executor = createRunExecutor({
    db,
    realtime,
    log: app.log,
    resolver,
    requestLog,
    saveFile: files.save,
    settings: config.runs,
  });
  const queue = createInProcessRunQueue(executor.execute, config.runs.parallelRuns);
  app.decorate('runs', { executor, queue });

  const isMember = async (userId: string, projectId: string) =>
    Boolean(await projectRoleOf(db, userId, projectId));
  realtime.registerChannel('project', (user, id) => isId(id) && isMember(user.id, id));
  realtime.registerChannel('run', async (user, id) => {
    if (!isId(id)) return false;
    const [run] = await db.select({ projectId: runs.projectId }).from(runs).where(eq(runs.id, id));
    return Boolean(run && (await isMember(user.id, run.projectId)));
  });

  await app.register(modelsRoutes, { prefix: '/api', resolver });
  await app.register(runsRoutes, { prefix: '/api', db, executor, queue });
  await app.register(filesRoutes, { prefix: '/api', db, files });
  await app.register(chatRoutes, {
    prefix: '/api',
    db,
    resolver,
    requestLog,
    executor,
    startRun: (...args: TStartRunArgs) => startRunIn(db, queue, ...args),
  });
  app.addHook('onReady', () => executor.recover(queue));
  // Runs cut short by a shutdown are marked interrupted; waiting ones stay queued for the next start.
  app.addHook('preClose', async () => {
    executor.stop();
    await queue.drain();
  });
}

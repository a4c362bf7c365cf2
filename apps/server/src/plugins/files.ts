import fp from 'fastify-plugin';
import { createDatabaseFileStore } from '../modules/files/database-file-store';
import type { TFileStore } from '../modules/files/file-store';
import { createLocalFileStore } from '../modules/files/local-file-store';

declare module 'fastify' {
  interface FastifyInstance {
    files: TFileStore;
  }
}

/**
 * `app.files`: generated files, under DATA_DIR/files or in the database (`FILE_STORE`; the
 * database by default on PostgreSQL, where several servers may share it).
 */
export const filesPlugin = fp(
  async (app) => {
    const kind = app.config.fileStore ?? (app.database.kind === 'postgres' ? 'postgres' : 'local');
    app.decorate(
      'files',
      kind === 'postgres'
        ? createDatabaseFileStore(app.db)
        : createLocalFileStore(app.config.dataDir),
    );
  },
  { name: 'files', dependencies: ['database'] },
);

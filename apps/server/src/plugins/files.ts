import fp from 'fastify-plugin';
import { createFileStore, type TFileStore } from '../modules/files/file-store';

declare module 'fastify' {
  interface FastifyInstance {
    files: TFileStore;
  }
}

/** Generated files under DATA_DIR/files. */
export const filesPlugin = fp(
  async (app) => {
    app.decorate('files', createFileStore(app.config.dataDir));
  },
  { name: 'files' },
);

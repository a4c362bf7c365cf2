import fp from 'fastify-plugin';
import type { TDatabase, TDb } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle on PGlite or PostgreSQL: what every repo queries. */
    db: TDb;
    /** The open database itself, for the health check. */
    database: TDatabase;
  }
}

/** The database the app was built with; whoever opened it closes it. */
export const databasePlugin = fp<{ database: TDatabase }>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database' },
);

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { mcpServers } from '../../db/schema/index';
import { rowWhere } from '../resources/resources.repo';

export type TMcpServerRow = typeof mcpServers.$inferSelect;

/** One of the user's own MCP servers. */
export function ownMcpServer(db: TDb, userId: string, id: string) {
  return rowWhere(db, mcpServers, and(eq(mcpServers.id, id), eq(mcpServers.userId, userId)));
}

/** Those of `ids` that are the user's own MCP servers. */
export function ownMcpServers(db: TDb, userId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as TMcpServerRow[]);
  return db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.userId, userId), inArray(mcpServers.id, ids)))
    .orderBy(asc(mcpServers.name), asc(mcpServers.id));
}

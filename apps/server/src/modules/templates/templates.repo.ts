import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { nodeDatabases } from '../../db/schema/index';

/** The database names a project already uses: they are unique per project. */
export async function takenDatabaseNames(db: TDb, projectId: string): Promise<Set<string>> {
  const rows = await db
    .select({ name: nodeDatabases.name })
    .from(nodeDatabases)
    .where(eq(nodeDatabases.projectId, projectId));
  return new Set(rows.map((row) => row.name));
}

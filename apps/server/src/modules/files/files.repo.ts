import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { storedFiles } from '../../db/schema/index';

export function insertStoredFile(db: TDb, file: typeof storedFiles.$inferInsert) {
  return db.insert(storedFiles).values(file);
}

/** A stored file by its id, if it belongs to that project and has that name. */
export async function findStoredFile(db: TDb, projectId: string, id: string, name: string) {
  const [row] = await db
    .select({
      contentType: storedFiles.contentType,
      size: storedFiles.size,
      content: storedFiles.content,
    })
    .from(storedFiles)
    .where(
      and(eq(storedFiles.id, id), eq(storedFiles.projectId, projectId), eq(storedFiles.name, name)),
    );
  return row;
}

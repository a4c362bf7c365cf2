import type { TDb } from '../../db/database';
import { newFileName, savedFile, type TFileStore } from './file-store';
import { findStoredFile, insertStoredFile } from './files.repo';

const uuidPart = /^([0-9a-f-]{36})\./;

/** Files as rows of the database, so every server sharing it serves every file. */
export function createDatabaseFileStore(db: TDb): TFileStore {
  return {
    kind: 'postgres',
    async save(projectId, bytes, mediaType, ownerId) {
      const file = newFileName(mediaType);
      await insertStoredFile(db, {
        id: file.id,
        projectId,
        ownerId: ownerId ?? null,
        name: file.name,
        contentType: file.mediaType,
        size: bytes.byteLength,
        content: bytes,
      });
      return savedFile(projectId, file.name, file.mediaType);
    },
    async open(projectId, name) {
      const id = uuidPart.exec(name)?.[1];
      const row = id ? await findStoredFile(db, projectId, id, name) : undefined;
      if (!row) return undefined;
      const { content } = row;
      return {
        body: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
        size: row.size,
        mediaType: row.contentType,
      };
    },
  };
}

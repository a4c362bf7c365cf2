import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaTypeOf, newFileName, savedFile, type TFileStore } from './file-store';

/** Files under DATA_DIR/files/<project>/: for one server, or several sharing that folder. */
export function createLocalFileStore(dataDir: string): TFileStore {
  const root = path.join(dataDir, 'files');
  return {
    kind: 'local',
    async save(projectId, bytes, mediaType) {
      const file = newFileName(mediaType);
      await mkdir(path.join(root, projectId), { recursive: true });
      await writeFile(path.join(root, projectId, file.name), bytes);
      return savedFile(projectId, file.name, file.mediaType);
    },
    async open(projectId, name) {
      const file = path.join(root, projectId, path.basename(name));
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { body: createReadStream(file), size: info.size, mediaType: mediaTypeOf(name) };
    },
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
export const mediaTypeOf = (name: string) =>
  Object.entries(extensions).find(([, ext]) => name.endsWith(`.${ext}`))?.[0] ??
  'application/octet-stream';

/**
 * Generated files live under DATA_DIR/files/<project>/, profile pictures under avatars/; the API
 * serves them to members of the project, and pictures to people who share one with their owner.
 */
export function createFileStore(dataDir: string) {
  const root = path.join(dataDir, 'files');
  return {
    root,
    pathOf: (owner: string, name: string) => path.join(root, owner, name),
    async save(projectId: string, bytes: Uint8Array, mediaType: string) {
      const owner = projectId;
      const name = `${randomUUID()}.${extensions[mediaType] ?? 'png'}`;
      await mkdir(path.join(root, owner), { recursive: true });
      await writeFile(path.join(root, owner, name), bytes);
      return {
        fileId: `${owner}/${name}`,
        url: `/api/files/${owner}/${name}`,
        mediaType: mediaTypeOf(name),
      };
    },
    /** Deletes a saved file (`<owner>/<name>`); one already gone is fine. */
    async remove(fileId: string) {
      await rm(path.join(root, fileId), { force: true });
    },
  };
}

export type TFileStore = ReturnType<typeof createFileStore>;

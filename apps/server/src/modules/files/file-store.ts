import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
export const mediaTypeOf = (name: string) =>
  Object.entries(extensions).find(([, ext]) => name.endsWith(`.${ext}`))?.[0] ??
  'application/octet-stream';

/** A new file's unique name, `<uuid>.<extension>` (the form `ZFileParams` accepts). */
export function newFileName(mediaType: string) {
  const id = randomUUID();
  const name = `${id}.${extensions[mediaType] ?? 'png'}`;
  return { id, name, mediaType: mediaTypeOf(name) };
}

/** Where a saved file is served: to members of its project only. */
export const savedFile = (projectId: string, name: string, mediaType: string) => ({
  fileId: `${projectId}/${name}`,
  url: `/api/files/${projectId}/${name}`,
  mediaType,
});

export type TSavedFile = ReturnType<typeof savedFile>;

export type TOpenedFile = { body: Readable | Buffer; size: number; mediaType: string };

export type TFileStoreKind = 'local' | 'postgres';

/**
 * Where files made for a project (generated images) are kept: a folder of this server, or the
 * database that every server shares. Callers check access; a store only keeps bytes.
 */
export type TFileStore = {
  kind: TFileStoreKind;
  save(
    projectId: string,
    bytes: Uint8Array,
    mediaType: string,
    ownerId?: string,
  ): Promise<TSavedFile>;
  /** The file of that name made in that project; undefined when there is none. */
  open(projectId: string, name: string): Promise<TOpenedFile | undefined>;
};

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { projectAccess } from '../projects/project-access';
import { mediaTypeOf, type TFileStore } from './file-store';

/** A generated file, for members of the project it was made in. */
export async function openFile(
  db: TDb,
  files: TFileStore,
  user: TUser,
  projectId: string,
  name: string,
) {
  await projectAccess.require(db, user, projectId, 'viewer');
  const path = files.pathOf(projectId, name);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new AppError('not_found', 'File not found');
  return { body: createReadStream(path), size: info.size, mediaType: mediaTypeOf(name) };
}

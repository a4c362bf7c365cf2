import type { TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { projectAccess } from '../projects/project-access';
import type { TFileStore } from './file-store';

/** A generated file, for members of the project it was made in. */
export async function openFile(
  db: TDb,
  files: TFileStore,
  user: TUser,
  projectId: string,
  name: string,
) {
  await projectAccess.require(db, user, projectId, 'viewer');
  const file = await files.open(projectId, name);
  if (!file) throw new AppError('not_found', 'File not found');
  return {
    ...file,
    // Names are `<uuid>.<ext>` (ZFileParams); kept to those characters for the header anyway.
    name: name.replace(/[^\w.-]/g, '_'),
  };
}

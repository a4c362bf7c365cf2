import { modelSourceOf, type TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { credentialOf } from './models.repo';

/**
 * Refuses a model that could never run (a 400 naming the field): an id without a provider, or
 * one of someone else's provider keys. Blank means "no model chosen" and is left to the caller.
 */
export async function checkModelChoice(db: TDb, user: TUser, field: string, modelId: unknown) {
  if (typeof modelId !== 'string' || modelId.trim() === '') return;
  const source = modelSourceOf(modelId);
  if (!source)
    throw AppError.validation(field, `Unknown model "${modelId}": choose one from the list`);
  if (source.source === 'key' && !(await credentialOf(db, user.id, source.credentialId)))
    throw AppError.validation(field, 'This model uses a provider key that is not one of yours');
}

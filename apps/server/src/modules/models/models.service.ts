import type { TUser } from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';
import type { TModelResolver } from './model-resolver';

/** Every model the user can pick. */
export async function listModels(resolver: TModelResolver, user: TUser) {
  return { items: await resolver.list(user.id) };
}

/** Whether one of the user's own provider keys works; someone else's is not found. */
export async function testCredential(resolver: TModelResolver, user: TUser, id: string) {
  const result = await resolver.testCredential(user.id, id);
  if (!result.ok && result.error === 'Not found') throw new AppError('not_found', 'Not found');
  return result;
}

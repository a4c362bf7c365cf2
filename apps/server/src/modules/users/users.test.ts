import { describe, expect, it } from 'vitest';
import { expectError, useWorld } from '../../test/api-world';

describe('an administrator deleting an account', () => {
  const w = useWorld('pglite');

  const roles = async (projectId: string) =>
    (
      (await w.as.editor.get(`/api/project_users?projectId=${projectId}&pageSize=200`)).body
        .items as Array<{ userId: string; role: string }>
    )
      .map(({ userId, role }) => `${userId}:${role}`)
      .sort();

  it('hands a shared project it alone owns to its longest-standing editor, and refuses one only viewers could take', async () => {
    const { users, as } = w;
    // On Team the stranger has been an editor longer than the editor.
    const team = await w.created(as.owner.post('/api/projects', { name: 'Team' }));
    for (const userId of [users.stranger.id, users.editor.id])
      await w.created(
        as.owner.post('/api/project_users', { projectId: team.id, userId, role: 'editor' }),
      );
    const alone = await w.created(as.owner.post('/api/projects', { name: 'Alone' }));
    const watched = await w.created(as.editor.post('/api/projects', { name: 'Watched' }));
    await w.created(
      as.editor.post('/api/project_users', {
        projectId: watched.id,
        userId: users.viewer.id,
        role: 'viewer',
      }),
    );

    expect((await as.admin.del(`/api/users/${users.owner.id}`)).status).toBe(204);
    expect(await roles(w.projectId)).toEqual(
      [`${users.editor.id}:owner`, `${users.viewer.id}:viewer`].sort(),
    );
    expect(await roles(team.id)).toEqual(
      [`${users.stranger.id}:owner`, `${users.editor.id}:editor`].sort(),
    );
    expect((await as.admin.get(`/api/projects/${alone.id}`)).status).toBe(404);
    expect((await as.editor.get(`/api/projects/${w.projectId}`)).body.role).toBe('owner');

    // Main and Watched now have only a viewer besides their owner: the administrator decides.
    const refused = await as.admin.del(`/api/users/${users.editor.id}`);
    expectError(refused, 409, 'conflict');
    expect(refused.body.error.message).toContain('Main, Watched');
    expect(refused.body.error.details).toEqual([{ field: 'projects', message: 'Main, Watched' }]);
    // Nothing changed: the refused deletion handed Main to nobody.
    expect((await as.editor.get(`/api/projects/${w.projectId}`)).body.role).toBe('owner');
  });
});

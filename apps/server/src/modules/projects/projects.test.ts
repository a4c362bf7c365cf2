import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useWorld, type TWorld } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';

describe.each(testDatabaseKinds)('projects and members on %s', (database) => {
  const w = useWorld(database);

  const members = async () =>
    (await w.as.owner.get(`/api/project_users?projectId=${w.projectId}&pageSize=200`)).body
      .items as Array<{
      id: string;
      userId: string;
      role: string;
      user: { name: string; email: string };
    }>;

  it("lists only the caller's projects, each with the caller's role", async () => {
    const roles = async (client: TWorld['as']['owner']) =>
      (await client.get('/api/projects')).body.items.map(
        (p: { name: string; role: string }) => `${p.name}:${p.role}`,
      );
    expect(await roles(w.as.owner)).toEqual(['Main:owner']);
    expect(await roles(w.as.editor)).toEqual(['Main:editor']);
    expect(await roles(w.as.viewer)).toEqual(['Main:viewer']);
    expect(await roles(w.as.stranger)).toEqual(['Elsewhere:owner']);
    expect((await w.as.owner.get('/api/projects?role=viewer')).body.total).toBe(0);
    expect((await w.as.owner.get('/api/projects?search=mai')).body.total).toBe(1);
    expect((await w.as.owner.get('/api/projects?search=%25')).body.total).toBe(0);
  });

  it('lets editors rename, only owners delete, and viewers neither', async () => {
    expect(
      (await w.as.editor.put(`/api/projects/${w.projectId}`, { description: 'Shared work' }))
        .status,
    ).toBe(200);
    const renamed = await w.as.editor.put(`/api/projects/${w.projectId}`, { name: 'Main' });
    expect(renamed.body).toMatchObject({ name: 'Main', description: 'Shared work' });
    expect((await w.as.viewer.put(`/api/projects/${w.projectId}`, { name: 'Mine' })).status).toBe(
      403,
    );
    expect((await w.as.editor.del(`/api/projects/${w.projectId}`)).status).toBe(403);
    expect((await w.as.viewer.del(`/api/projects/${w.projectId}`)).status).toBe(403);
    expect((await w.as.stranger.get(`/api/projects/${w.projectId}`)).status).toBe(404);
    expect((await w.as.stranger.put(`/api/projects/${w.projectId}`, { name: 'x' })).status).toBe(
      404,
    );
    expect((await w.as.stranger.del(`/api/projects/${w.projectId}`)).status).toBe(404);
    expect((await w.as.anonymous.get('/api/projects')).status).toBe(401);
    const bad = await w.as.owner.post('/api/projects', { name: '', description: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'description',
      'name',
    ]);
    expect(
      (await w.as.owner.put(`/api/projects/${w.projectId}`, { name: 'x'.repeat(101) })).status,
    ).toBe(400);
  });

  it('shows members with their names, and lets only owners manage them', async () => {
    const list = await members();
    expect(list.map((m) => `${m.user.name}:${m.role}`).sort()).toEqual([
      'Eddie Editor:editor',
      'Olive Owner:owner',
      'Vera Viewer:viewer',
    ]);
    const viewerRow = list.find((m) => m.role === 'viewer')!;
    expect(
      (await w.as.editor.put(`/api/project_users/${viewerRow.id}`, { role: 'editor' })).status,
    ).toBe(403);
    expect(
      (
        await w.as.editor.post('/api/project_users', {
          projectId: w.projectId,
          userId: w.users.stranger.id,
        })
      ).status,
    ).toBe(403);
    expect((await w.as.stranger.get(`/api/project_users/${viewerRow.id}`)).status).toBe(404);
    expect(
      (await w.as.stranger.get(`/api/project_users?projectId=${w.projectId}`)).body.total,
    ).toBe(0);

    const duplicate = await w.as.owner.post('/api/project_users', {
      projectId: w.projectId,
      userId: w.users.viewer.id,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.details).toEqual([
      { field: 'userId', message: 'Already a member' },
    ]);
    const nobody = await w.as.owner.post('/api/project_users', {
      projectId: w.projectId,
      userId: randomUUID(),
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.error.details[0].field).toBe('userId');
    const badRole = await w.as.owner.post('/api/project_users', {
      projectId: w.projectId,
      userId: w.users.stranger.id,
      role: 'god',
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error.details[0].field).toBe('role');
  });

  it('keeps at least one owner: the last owner can neither be demoted nor leave', async () => {
    const ownerRow = (await members()).find((m) => m.role === 'owner')!;
    const demote = await w.as.owner.put(`/api/project_users/${ownerRow.id}`, { role: 'editor' });
    expect(demote.status).toBe(409);
    expect((await w.as.owner.del(`/api/project_users/${ownerRow.id}`)).status).toBe(409);

    const editorRow = (await members()).find((m) => m.role === 'editor')!;
    expect(
      (await w.as.owner.put(`/api/project_users/${editorRow.id}`, { role: 'owner' })).status,
    ).toBe(200);
    expect(
      (await w.as.owner.put(`/api/project_users/${ownerRow.id}`, { role: 'editor' })).status,
    ).toBe(200);
    expect((await w.as.owner.del(`/api/projects/${w.projectId}`)).status).toBe(403);
    expect(
      (await w.as.editor.put(`/api/project_users/${ownerRow.id}`, { role: 'owner' })).status,
    ).toBe(200);
  });

  it('lets a member leave, and an owner remove a member', async () => {
    const viewerRow = (await members()).find((m) => m.role === 'viewer')!;
    expect((await w.as.viewer.del(`/api/project_users/${viewerRow.id}`)).status).toBe(204);
    expect((await w.as.viewer.get(`/api/projects/${w.projectId}`)).status).toBe(404);
    const again = await w.as.owner.post('/api/project_users', {
      projectId: w.projectId,
      userId: w.users.viewer.id,
      role: 'viewer',
    });
    expect(again.status).toBe(201);
    expect((await w.as.owner.del(`/api/project_users/${again.body.id}`)).status).toBe(204);
    const back = await w.as.owner.post('/api/project_users', {
      projectId: w.projectId,
      userId: w.users.viewer.id,
    });
    expect(back.body.role).toBe('viewer');
  });

  it('finds anyone by exact e-mail and co-members by the start of a name or e-mail, and shows co-members otherwise', async () => {
    const emails = (answer: { body: { items: Array<{ email: string }> } }) =>
      answer.body.items.map((u) => u.email);
    expect(emails(await w.as.owner.get('/api/users?search=STRANGER@example.com'))).toEqual([
      'stranger@example.com',
    ]);
    // Someone the owner shares no project with is not found by a part of their name or e-mail.
    for (const partial of ['stran', 'Sam', 'stranger@', 'example.com', '@', 'e'])
      expect(emails(await w.as.owner.get(`/api/users?search=${partial}`)), partial).not.toContain(
        'stranger@example.com',
      );
    expect(emails(await w.as.stranger.get('/api/users?search=@'))).toEqual([]);
    expect(emails(await w.as.stranger.get('/api/users?search=%25'))).toEqual([]);
    expect(emails(await w.as.owner.get('/api/users?search=Vie'))).toEqual(['viewer@example.com']);
    expect(emails(await w.as.owner.get('/api/users?search=edit'))).toEqual(['editor@example.com']);
    const byEmail = await w.as.owner.get('/api/users?search=VIEWER@');
    expect(byEmail.body.items.map((u: { name: string }) => u.name)).toEqual(['Vera Viewer']);
    expect(byEmail.body.items[0]).not.toHaveProperty('passwordHash');
    // The administrator's user management finds everyone by any part.
    expect(emails(await w.as.admin.get('/api/users?search=example.com&pageSize=200'))).toEqual(
      expect.arrayContaining(['stranger@example.com', 'owner@example.com', 'viewer@example.com']),
    );
    const known = await w.as.stranger.get('/api/users');
    expect(known.body.items.map((u: { name: string }) => u.name)).toEqual(['Sam Stranger']);
    expect((await w.as.stranger.get(`/api/users/${w.users.owner.id}`)).status).toBe(404);
    expect((await w.as.viewer.get(`/api/users/${w.users.owner.id}`)).status).toBe(200);
    expect(
      (await w.as.viewer.put(`/api/users/${w.users.owner.id}`, { name: 'Hacked' })).status,
    ).toBe(403);
    expect(
      (await w.as.viewer.put(`/api/users/${w.users.viewer.id}`, { isAdmin: true })).status,
    ).toBe(403);
    expect(
      (await w.as.viewer.put(`/api/users/${w.users.viewer.id}`, { name: 'Vera V.' })).body.name,
    ).toBe('Vera V.');
    const newUser = { email: 'new@example.com', name: 'New', password: 'long enough password' };
    expect((await w.as.owner.post('/api/users', newUser)).status).toBe(403);
    expect((await w.as.admin.post('/api/users', newUser)).status).toBe(201);
    expect((await w.as.admin.post('/api/users', newUser)).status).toBe(409);
    expect(
      (await w.as.admin.put(`/api/users/${w.users.admin.id}`, { isAdmin: false })).status,
    ).toBe(409);
    expect((await w.as.admin.get('/api/users?pageSize=201')).status).toBe(400);
  });
});

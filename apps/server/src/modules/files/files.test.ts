import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type TWorld } from '../../test/api-world';

describe('generated files', () => {
  let w: TWorld;
  beforeAll(async () => {
    w = await createWorld('pglite');
  }, 120_000);
  afterAll(() => w.t.close());

  it('serves a picture inline under a safe name, never as something to sniff', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const saved = await w.t.app.files.save(w.projectId, png, 'image/png');
    const name = saved.fileId.split('/')[1]!;
    const answer = await w.t.app.inject({
      url: saved.url,
      headers: { cookie: w.users.viewer.cookie },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `inline; filename="${name}"`,
      'x-content-type-options': 'nosniff',
    });
    const stranger = await w.t.app.inject({
      url: saved.url,
      headers: { cookie: w.users.stranger.cookie },
    });
    expect(stranger.statusCode).toBe(404);
  });
});

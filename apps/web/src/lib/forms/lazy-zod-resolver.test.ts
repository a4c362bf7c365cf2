import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver';

const ZBody = z.object({ email: z.email('Enter a valid e-mail address') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads the schema once, on first use, and validates with it', async () => {
    const loadSchema = vi.fn(async () => ZBody);
    const resolver = lazyZodResolver(loadSchema);
    expect(loadSchema).not.toHaveBeenCalled();

    const bad = await resolver({ email: 'nope' }, undefined, options);
    expect(bad.errors.email?.message).toBe('Enter a valid e-mail address');
    const good = await resolver({ email: 'a@example.com' }, undefined, options);
    expect(good.values).toEqual({ email: 'a@example.com' });
    expect(loadSchema).toHaveBeenCalledOnce();
  });

  it('starts loading on preload, and tries again after a failed load', async () => {
    const loadSchema = vi
      .fn<() => Promise<typeof ZBody>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(ZBody);
    const resolver = lazyZodResolver(loadSchema);
    resolver.preload();
    expect(loadSchema).toHaveBeenCalledOnce();
    await vi.waitFor(async () => {
      const result = await resolver({ email: 'a@example.com' }, undefined, options);
      expect(result.values).toEqual({ email: 'a@example.com' });
    });
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });
});

import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type TLazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading the schema and zod, e.g. when the user focuses the form. */
  preload(): void;
};

/**
 * A react-hook-form resolver that loads zod, the resolver and the schema the first time it
 * validates (with the default mode: the first submit), so a page shows its form without them.
 * Create it once per form at module level: it keeps what it loaded.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): TLazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        // Offline, say: the next attempt tries again.
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      load().catch(() => undefined);
    },
  });
}

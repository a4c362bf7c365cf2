/**
 * The Content Security Policy forbids eval, so zod must not compile its parsers with it (nor
 * probe whether it may, which the browser reports as a violation). zod reads this shared
 * config object when it loads, which is later, in the lazy chunks of forms and schemas.
 */
export function keepZodFromEval() {
  const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  shared.__zod_globalConfig ??= {};
  shared.__zod_globalConfig.jitless = true;
}

import type { TProvider } from './settings.schemas';

/** Where a model id says its model is served from. */
export type TModelSource =
  | { source: 'builtin' }
  | { source: 'instance'; provider: TProvider; name: string }
  | { source: 'key'; credentialId: string; name: string };

/** The prefixes of models served by the providers the instance configures. */
export const instanceModelPrefixes: Readonly<Record<string, TProvider>> = {
  openai: 'openai',
  anthropic: 'anthropic',
  compatible: 'openai_compatible',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads a model id: `echo`, `<openai|anthropic|compatible>:<model>`, or
 * `cred:<key id>:<model>` for a user's own provider key; anything else names no model.
 */
export function modelSourceOf(id: string): TModelSource | null {
  if (id === 'echo') return { source: 'builtin' };
  const [prefix = '', ...rest] = id.split(':');
  if (prefix === 'cred') {
    const [credentialId = '', ...model] = rest;
    const name = model.join(':');
    return UUID.test(credentialId) && name ? { source: 'key', credentialId, name } : null;
  }
  const provider = Object.hasOwn(instanceModelPrefixes, prefix)
    ? instanceModelPrefixes[prefix]
    : undefined;
  const name = rest.join(':');
  return provider && name ? { source: 'instance', provider, name } : null;
}

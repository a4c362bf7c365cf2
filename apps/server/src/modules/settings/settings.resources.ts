import { apiKeySchemas, providerCredentialSchemas } from '@flowsmith/shared';
import { apiKeys, providerCredentials } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { outboundUrlProblem } from '../../lib/outbound';
import type { TSecretBox } from '../../lib/secret-box';
import { createOpaqueToken, hashToken } from '../../lib/tokens';
import { apiRow } from '../resources/api-row';
import { columnsOf } from '../resources/list-query';
import type { TDbRow, TResourceDefinition } from '../resources/resource.types';

export const apiKeysResource: TResourceDefinition = {
  name: 'api_keys',
  table: apiKeys,
  scope: { kind: 'owner' },
  schemas: apiKeySchemas,
  columns: columnsOf(apiKeys, 'id', 'name', 'createdAt', 'lastUsedAt'),
  defaultSort: '-createdAt',
  searchColumns: [apiKeys.name],
  toApi: ({ keyHash: _hash, ...row }) => apiRow(row as TDbRow),
  // The key is shown once, in the answer to the create; only its hash is stored.
  toInsert(body, ctx) {
    const key = createOpaqueToken('fs_');
    ctx.scratch.set('key', key);
    return {
      name: body.name,
      expiresAt: body.expiresAt ? new Date(body.expiresAt as string) : null,
      prefix: key.slice(0, 10),
      keyHash: hashToken(key),
    };
  },
  createdResponse: ({ keyHash: _hash, ...row }, ctx) => ({
    ...apiRow(row as TDbRow),
    key: ctx.scratch.get('key'),
  }),
};

const keyHint = (key: string) => `…${key.slice(-4)}`;

/**
 * A user's own provider keys. `allowPrivate`: whether their base URLs may name private or local
 * addresses (ALLOW_PRIVATE_PROVIDER_URLS); a URL that does is refused when saved, and every
 * connection is checked again after DNS (outbound.ts).
 */
export function providerCredentialsResource(
  box: TSecretBox,
  allowPrivate: boolean,
): TResourceDefinition {
  return {
    name: 'provider_credentials',
    table: providerCredentials,
    scope: { kind: 'owner' },
    schemas: providerCredentialSchemas,
    columns: columnsOf(providerCredentials, 'id', 'provider', 'name', 'createdAt'),
    defaultSort: 'name',
    searchColumns: [providerCredentials.name],
    toApi: ({ encryptedKey: _sealed, ...row }) => apiRow(row as TDbRow),
    toInsert({ apiKey, ...rest }) {
      return {
        ...rest,
        encryptedKey: box.seal(apiKey as string),
        keyHint: keyHint(apiKey as string),
      };
    },
    toUpdate({ apiKey, ...rest }) {
      return apiKey === undefined
        ? rest
        : { ...rest, encryptedKey: box.seal(apiKey as string), keyHint: keyHint(apiKey as string) };
    },
    async validate({ baseUrl }) {
      const problem =
        typeof baseUrl === 'string' ? outboundUrlProblem(baseUrl, allowPrivate) : undefined;
      if (problem) throw AppError.validation('baseUrl', problem);
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, zPage } from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';
import {
  invoicesResource,
  subscriptionPlansResource,
  subscriptionsResource,
} from '../billing/billing.resources';
import { nodeConnectionsResource } from '../canvas/node-connections.resource';
import { nodeGroupsResource } from '../canvas/node-groups.resource';
import { nodeInputsResource, nodeOutputsResource } from '../canvas/node-handles.resource';
import { nodesResource } from '../canvas/nodes.resource';
import { catalogResources } from '../catalog/catalog.resources';
import { conversationsResource } from '../custom-ais/conversations.resource';
import {
  customAisResource,
  customAiToNodeGroupsResource,
} from '../custom-ais/custom-ais.resources';
import { databaseValuesResource, nodeDatabasesResource } from '../databases/databases.resources';
import { modelPricesResource } from '../models/model-prices.resource';
import { reqLogsResource } from '../req-logs/req-logs.resource';
import { runsResource } from '../runs/runs.resource';
import { apiKeysResource, providerCredentialsResource } from '../settings/settings.resources';
import type { TListQuery } from './list-query';
import type { TResourceDefinition, TValues } from './resource.types';
import * as resources from './resources.service';
import { mcpServersResource } from '../mcp/mcp-servers.resource';

/** The five calls of a resource: list, create, get, update, delete. */
function registerResource(app: FastifyInstance, def: TResourceDefinition): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const base = `/${def.name}`;
  const tags = [def.name];
  const writes = def.writes ?? {
    create: !def.readOnly,
    update: !def.readOnly,
    remove: !def.readOnly,
  };

  r.get(
    base,
    {
      schema: {
        tags,
        querystring: def.schemas.listQuery,
        response: { 200: zPage(def.schemas.row) },
      },
    },
    (request) => resources.listResource(db, request.user, def, request.query as TListQuery),
  );

  r.get(
    `${base}/:id`,
    { schema: { tags, params: ZIdParams, response: { 200: def.schemas.row } } },
    (request) => resources.getResource(db, request.user, def, request.params.id),
  );

  if (writes.create && def.schemas.create) {
    r.post(
      base,
      {
        schema: {
          tags,
          body: def.schemas.create,
          response: { 201: def.schemas.created ?? def.schemas.row },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await resources.createResource(db, request.user, def, request.body as TValues)),
    );
  }

  if (writes.update && def.schemas.update) {
    r.put(
      `${base}/:id`,
      {
        schema: {
          tags,
          params: ZIdParams,
          body: def.schemas.update,
          response: { 200: def.schemas.row },
        },
      },
      (request) =>
        resources.updateResource(db, request.user, def, request.params.id, request.body as TValues),
    );
  }

  if (writes.remove) {
    r.delete(`${base}/:id`, { schema: { tags, params: ZIdParams } }, async (request, reply) => {
      await resources.removeResource(db, request.user, def, request.params.id);
      return reply.status(204).send();
    });
  }

  // Read-only rows: writing is not a missing route but a method the resource does not allow.
  const refuse = (method: string) => () => {
    throw new AppError('method_not_allowed', `${def.name} rows cannot be ${method} over the API`);
  };
  if (!writes.create) r.post(base, { schema: { hide: true } }, refuse('created'));
  if (!writes.update) r.put(`${base}/:id`, { schema: { hide: true } }, refuse('changed'));
  if (!writes.remove) r.delete(`${base}/:id`, { schema: { hide: true } }, refuse('removed'));
}

/** Every resource that follows the generic five calls. */
export async function resourcesRoutes(app: FastifyInstance) {
  const definitions = [
    ...catalogResources,
    nodesResource,
    nodeGroupsResource,
    nodeInputsResource,
    nodeOutputsResource,
    nodeConnectionsResource,
    nodeDatabasesResource,
    databaseValuesResource,
    customAisResource,
    customAiToNodeGroupsResource,
    conversationsResource,
    subscriptionPlansResource,
    subscriptionsResource(app.payments),
    invoicesResource,
    reqLogsResource,
    modelPricesResource,
    runsResource,
    apiKeysResource,
    providerCredentialsResource(app.models.credentials, app.config.allowPrivateProviderUrls),
    mcpServersResource(app.mcp),
  ];
  for (const def of definitions) registerResource(app, def);
}

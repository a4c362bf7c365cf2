import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/database';
import type { TSecretBox } from '../../lib/secret-box';
import { subscriptionPlansResource, subscriptionsResource } from '../billing/billing.resources';
import { nodeConnectionsResource } from '../canvas/node-connections.resource';
import { nodeGroupsResource } from '../canvas/node-groups.resource';
import { nodeInputsResource, nodeOutputsResource } from '../canvas/node-handles.resource';
import { nodesResource } from '../canvas/nodes.resource';
import { catalogResources } from '../catalog/catalog.resources';
import {
  customAisResource,
  customAiToNodeGroupsResource,
} from '../custom-ais/custom-ais.resources';
import { databaseValuesResource, nodeDatabasesResource } from '../databases/databases.resources';
import { modelPricesResource } from '../models/model-prices.resource';
import { reqLogsResource } from '../req-logs/req-logs.resource';
import { runsResource } from '../runs/runs.resource';
import { apiKeysResource, providerCredentialsResource } from '../settings/settings.resources';
import { conversationsResource } from '../custom-ais/conversations.resource';
import { registerResource } from './resource.routes';

type TOptions = { db: TDb; credentialsBox: TSecretBox };

/** Every resource that follows the generic five calls. */
export async function resourcesRoutes(app: FastifyInstance, { db, credentialsBox }: TOptions) {
  const resources = [
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
    subscriptionsResource,
    reqLogsResource,
    modelPricesResource,
    runsResource,
    apiKeysResource,
    providerCredentialsResource(credentialsBox),
  ];
  for (const resource of resources) registerResource(app, db, resource);
}

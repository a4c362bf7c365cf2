import { nodeCatalog, type TPublicApp, type TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { projectOwner } from '../billing/billing.repo';
import { projectAccess } from '../projects/project-access';
import {
  loadPublishedApp,
  startPublishedRun,
  type TPublishedGroup,
} from '../publishing/published-groups';
import type { TRunQueue } from '../runs/run-queue';

const appNotFound = () => new AppError('not_found', 'App not found');

/**
 * A published UI group's app for this visitor: anyone for link and embedded apps, members only
 * otherwise (a signed-out visitor is asked to sign in; a signed-in stranger finds nothing).
 */
export async function appFor(db: TDb, visitor: TUser | undefined, slug: string) {
  const published = await loadPublishedApp(db, slug);
  if (!published || published.kind !== 'ui_group') throw appNotFound();
  if (published.publication.access === 'members') {
    if (!visitor) throw new AppError('unauthorized', 'Sign in to use this app');
    if (!(await projectAccess.roleOf(db, visitor.id, published.projectId))) throw appNotFound();
  }
  return published;
}

/** What the app page shows: its chat or its form fields, by input name; nothing else. */
export function publicApp(published: TPublishedGroup): TPublicApp {
  const inputOf = new Map(published.inputs.map((input) => [input.nodeId, input.name]));
  const nodes = published.graph.nodes.filter((node) => inputOf.has(node.id));
  const chatNode = nodes.find((node) => node.type === 'ui_chat');
  const chatParams = chatNode && nodeCatalog.ui_chat.parseParams(chatNode.data.params);
  return {
    slug: published.publication.slug,
    name: published.name,
    access: published.publication.access,
    version: published.version.number,
    chat:
      chatNode && chatParams
        ? { input: inputOf.get(chatNode.id)!, placeholder: chatParams.placeholder }
        : null,
    fields: nodes
      .filter((node) => node.type === 'ui')
      .map((node) => {
        const params = nodeCatalog.ui.parseParams(node.data.params);
        return {
          input: inputOf.get(node.id)!,
          label: params.label || node.data.title,
          fieldType: params.fieldType,
        };
      }),
  };
}

/** Starts a run of the app for a visitor, as its project's owner, whose quota it uses. */
export async function startAppRun(
  db: TDb,
  queue: TRunQueue,
  published: TPublishedGroup,
  inputs: Record<string, unknown>,
) {
  const ownerId = await projectOwner(db, published.projectId);
  if (!ownerId) throw appNotFound();
  return startPublishedRun(db, queue, published, { userId: ownerId, inputs });
}

/** The sites that may frame an app: its allowed origins when it is embedded, else none. */
export async function frameAncestorsOf(db: TDb, slug: string): Promise<string[]> {
  const published = await loadPublishedApp(db, slug);
  if (!published || published.publication.access !== 'embed') return [];
  return published.publication.allowedOrigins;
}

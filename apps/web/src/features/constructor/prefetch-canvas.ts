import type { QueryClient } from '@tanstack/react-query';
import { graphQueryOptions } from '../../lib/queries/canvas';
import { catalogQueryOptions } from '../../lib/queries/catalog';
import { prefetchForPage } from '../../lib/queries/prefetch';
import { myProjectsQueryOptions } from '../../lib/queries/projects';

/**
 * What the constructor at `url` reads first, asked for while the session is checked and the
 * page's code loads: the canvas then opens as soon as its largest response has arrived.
 */
export function prefetchCanvas(client: QueryClient, url: URL): void {
  // What is cached already is not asked for again: this runs on every change of the address.
  const ignore = () => undefined;
  client.ensureQueryData(myProjectsQueryOptions()).catch(ignore);
  const projectId = url.searchParams.get('projectId');
  if (!projectId) return;
  client.ensureQueryData(catalogQueryOptions()).catch(ignore);
  prefetchForPage(client, graphQueryOptions(projectId));
}

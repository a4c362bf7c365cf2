import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { appRoutes, type TPage, type TProject } from '@flowsmith/shared';
import { EmptyState } from './empty-state';
import { QueryState } from './query-state';
import { TemplateGallery } from './template-gallery';

type TProjectScreenProps = {
  /** The caller's projects (`myProjectsQueryOptions`). */
  projects: UseQueryResult<TPage<TProject>>;
  /** The screen's icon, for its "no projects yet" state. */
  icon: string;
  /** Why the screen needs a project, for people who have none yet. */
  needsProject: ReactNode;
  children: (projects: TProject[]) => ReactNode;
};

/** A screen that works inside one of the caller's projects, once there is one to work in. */
export function ProjectScreen({ projects, icon, needsProject, children }: TProjectScreenProps) {
  return (
    <QueryState query={projects} what="projects">
      {({ items }) =>
        items.length ? (
          children(items)
        ) : (
          <>
            <EmptyState
              icon={icon}
              title="No projects yet"
              action={
                <Link to={appRoutes.projects} className="p-button p-component">
                  Go to projects
                </Link>
              }
            >
              {needsProject}
            </EmptyState>
            <TemplateGallery headingId="empty-project-templates" title="Or start from a template" />
          </>
        )
      }
    </QueryState>
  );
}

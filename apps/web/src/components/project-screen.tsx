import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { appRoutes, type TPage, type TProject } from '@flowsmith/shared';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';
import { ProjectPicker } from './project-picker';
import { QueryState } from './query-state';
import { TemplateGallery } from './template-gallery';

type TProjectScreenProps = {
  title: string;
  /** The caller's projects (`myProjectsQueryOptions`). */
  projects: UseQueryResult<TPage<TProject>>;
  /** The project the screen works in, as the header's picker shows it. */
  project: TProject | null;
  onPickProject: (projectId: string) => void;
  picker: { inputId: string; className: string };
  /** The screen's own buttons, beside the picker. */
  actions?: ReactNode;
  /** The screen's icon, for its "no projects yet" state. */
  icon: string;
  /** Why the screen needs a project, for people who have none yet. */
  needsProject: ReactNode;
  /** Shown when the caller has projects but none is chosen (or the chosen one is not theirs). */
  noProject?: ReactNode;
  /** The screen's content, in the chosen project. */
  children: (project: TProject) => ReactNode;
};

function NoProjectsYet({ icon, children }: { icon: string; children: ReactNode }) {
  return (
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
        {children}
      </EmptyState>
      <TemplateGallery headingId="empty-project-templates" title="Or start from a template" />
    </>
  );
}

/**
 * A screen that works inside one of the caller's projects: its header picks the project, and its
 * content shows once there is one to work in.
 */
export function ProjectScreen({
  title,
  projects,
  project,
  onPickProject,
  picker,
  actions,
  icon,
  needsProject,
  noProject = null,
  children,
}: TProjectScreenProps) {
  return (
    <>
      <PageHeader title={title}>
        <ProjectPicker
          {...picker}
          projects={projects.data?.items ?? []}
          value={project?.id ?? null}
          onChange={onPickProject}
        />
        {actions}
      </PageHeader>
      <QueryState query={projects} what="projects">
        {({ items }) => {
          if (!items.length) return <NoProjectsYet icon={icon}>{needsProject}</NoProjectsYet>;
          return project ? children(project) : noProject;
        }}
      </QueryState>
    </>
  );
}

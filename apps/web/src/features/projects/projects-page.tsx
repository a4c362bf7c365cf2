import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import type { TProject } from '@flowsmith/shared';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { TemplateGallery } from '../../components/template-gallery';
import { usePageInRange } from '../../lib/list/use-page-in-range';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import {
  listParamsToQuery,
  parseListParams,
  toApiQuery,
  type TProjectListParams,
} from './list-params';
import { MembersDialog } from './members-dialog';
import { ProjectFormDialog } from './project-form-dialog';
import { ProjectsTable } from './projects-table';
import { useDeleteProject } from './projects.mutations';
import { projectPageQueryOptions } from '../../lib/queries/projects';
import { LoadError, OfflineState, waitsForNetwork } from '../../components/query-state';

type TOpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; project: TProject }
  | { kind: 'members'; project: TProject }
  | null;

function ProjectsPage() {
  const notify = useNotify();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams);
  const list = useQuery(projectPageQueryOptions(toApiQuery(params)));
  const deleteProject = useDeleteProject();
  const [dialog, setDialog] = useState<TOpenDialog>(null);

  // Functional update: a debounced search lands after other changes and must not undo them.
  const changeParams = (change: Partial<TProjectListParams>, replace = false) =>
    setSearchParams((current) => listParamsToQuery({ ...parseListParams(current), ...change }), {
      replace,
    });

  usePageInRange(list, params.page, params.pageSize, (page) => changeParams({ page }, true));
  const total = list.data?.total ?? 0;

  const confirmDelete = (project: TProject) =>
    confirmAction({
      header: 'Delete project',
      message: (
        <span>
          Delete project <strong>{project.name}</strong>? Everything in it — canvas, databases,
          custom AIs, runs — is removed. This cannot be undone.
        </span>
      ),
      acceptLabel: 'Delete',
      accept: () =>
        deleteProject.mutate(
          project,
          notify.outcome('Project deleted', project.name, `Could not delete ${project.name}`),
        ),
    });

  const openCreate = () => setDialog({ kind: 'create' });
  const newProjectButton = <Button label="New project" icon="pi pi-plus" onClick={openCreate} />;
  // Only "no project at all" is the empty state; nothing found for a search stays in the table.
  const hasNoProjects = list.isSuccess && total === 0 && !params.search;

  return (
    <>
      <PageHeader title="Projects">{hasNoProjects ? null : newProjectButton}</PageHeader>
      {hasNoProjects ? (
        <>
          <EmptyState icon="pi pi-folder" title="No projects yet" action={newProjectButton}>
            A project holds one workflow canvas with its databases, custom AIs and runs. Create one,
            or ask a teammate to add you to theirs.
          </EmptyState>
          <TemplateGallery headingId="project-templates" title="Or start from a template" />
        </>
      ) : (
        <>
          <div className="projects-toolbar">
            <SearchInput
              value={params.search}
              onSearch={(search) => changeParams({ search, page: 1 }, true)}
              label="Search projects"
              className="project-search"
            />
          </div>
          {waitsForNetwork(list) ? (
            <OfflineState what="projects" />
          ) : list.isError && !list.data ? (
            <LoadError what="projects" error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <ProjectsTable
              page={list.data}
              params={params}
              loading={list.isPending || list.isPlaceholderData}
              onParamsChange={(change) => changeParams(change)}
              onMembers={(project) => setDialog({ kind: 'members', project })}
              onEdit={(project) => setDialog({ kind: 'edit', project })}
              onDelete={confirmDelete}
            />
          )}
        </>
      )}
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <ProjectFormDialog
          project={dialog.kind === 'edit' ? dialog.project : null}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'members' ? (
        <MembersDialog project={dialog.project} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDialog className="confirm-dialog" />
    </>
  );
}

export default ProjectsPage;

import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import type { TProject } from '@flowsmith/shared';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toast';
import { errorText } from '../../lib/forms';
import {
  listParamsToQuery,
  parseListParams,
  toApiQuery,
  type TProjectListParams,
} from './list-params';
import { MembersDialog } from './members-dialog';
import { ProjectFormDialog } from './project-form-dialog';
import { ProjectSearch } from './project-search';
import { ProjectsTable } from './projects-table';
import { useDeleteProject } from './projects.mutations';
import { projectPageQueryOptions } from '../../lib/queries/projects';
import { LoadError } from '../../components/query-state';

type TOpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; project: TProject }
  | { kind: 'members'; project: TProject }
  | null;

export function ProjectsPage() {
  const toast = useToast();
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

  // Deleting the last row of the last page leaves a page past the end: step back to the last one.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / params.pageSize));
  const pastEnd = list.isSuccess && !list.isPlaceholderData && params.page > lastPage;
  useEffect(() => {
    if (!pastEnd) return;
    setSearchParams(
      (current) => listParamsToQuery({ ...parseListParams(current), page: lastPage }),
      { replace: true },
    );
  }, [pastEnd, lastPage, setSearchParams]);

  const confirmDelete = (project: TProject) =>
    confirmDialog({
      header: 'Delete project',
      message: (
        <span>
          Delete project <strong>{project.name}</strong>? Everything in it — canvas, databases,
          custom AIs, runs — is removed. This cannot be undone.
        </span>
      ),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Delete',
      rejectLabel: 'Cancel',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        deleteProject.mutate(project, {
          onSuccess: () =>
            toast.show({ severity: 'success', summary: 'Project deleted', detail: project.name }),
          onError: (error) =>
            toast.show({
              severity: 'error',
              summary: `Could not delete ${project.name}`,
              detail: errorText(error),
            }),
        }),
    });

  const openCreate = () => setDialog({ kind: 'create' });
  const newProjectButton = <Button label="New project" icon="pi pi-plus" onClick={openCreate} />;
  // Only "no project at all" is the empty state; nothing found for a search stays in the table.
  const hasNoProjects = list.isSuccess && total === 0 && !params.search;

  return (
    <>
      <PageHeader title="Projects">{hasNoProjects ? null : newProjectButton}</PageHeader>
      {hasNoProjects ? (
        <EmptyState icon="pi pi-folder" title="No projects yet" action={newProjectButton}>
          A project holds one workflow canvas with its databases, custom AIs and runs. Create one,
          or ask a teammate to add you to theirs.
        </EmptyState>
      ) : (
        <>
          <div className="projects-toolbar">
            <ProjectSearch
              value={params.search}
              onSearch={(search) => changeParams({ search, page: 1 }, true)}
            />
          </div>
          {list.isError && !list.data ? (
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

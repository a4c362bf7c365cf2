import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { appRoutes, type TCustomAi } from '@flowsmith/shared';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { CustomAiFormDialog } from './custom-ai-form-dialog';
import { CustomAiGrid } from './custom-ai-grid';
import { myProjectsQueryOptions } from '../../lib/queries/projects';
import './custom-ai.css';
import { LoadError, LoadingBlock } from '../../components/query-state';

type TOpenDialog = { customAi: TCustomAi | null } | null;

/** `/custom-ai`: a project's assistants; the project and the search live in the URL. */
export function CustomAiListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const projects = useQuery(myProjectsQueryOptions());
  const [dialog, setDialog] = useState<TOpenDialog>(null);
  const search = searchParams.get('search') ?? '';

  const list = projects.data?.items ?? [];
  // Without a choice in the URL the first project is shown; the URL changes only when the user
  // picks, so opening /custom-ai adds no history entry.
  const project = list.find((item) => item.id === searchParams.get('projectId')) ?? list[0] ?? null;
  const canEdit = project !== null && project.role !== 'viewer';

  const pickProject = (projectId: string) => setSearchParams({ projectId });
  // Replace: each pause in typing is not worth a back-button step.
  const changeSearch = (text: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (project) next.set('projectId', project.id);
        if (text) next.set('search', text);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="custom-ai-page">
      <PageHeader title="Custom AI">
        {list.length ? (
          <Dropdown
            inputId="custom-ai-project"
            className="custom-ai-project-picker"
            value={project?.id ?? null}
            options={list}
            optionLabel="name"
            optionValue="id"
            placeholder="Choose a project"
            aria-label="Project"
            filter={list.length > 8}
            onChange={(event) => pickProject(event.value as string)}
          />
        ) : null}
        {canEdit ? (
          <Button
            label="New custom AI"
            icon="pi pi-plus"
            onClick={() => setDialog({ customAi: null })}
          />
        ) : null}
      </PageHeader>
      {projects.isPending ? (
        <LoadingBlock label="Loading projects" />
      ) : projects.isError ? (
        <LoadError what="projects" error={projects.error} onRetry={() => void projects.refetch()} />
      ) : !project ? (
        <EmptyState
          icon="pi pi-comments"
          title="No projects yet"
          action={
            <Link to={appRoutes.projects} className="p-button p-component">
              Go to projects
            </Link>
          }
        >
          Custom AIs belong to a project and may run the workflows on its canvas. Create a project
          first, or ask a teammate to add you to theirs.
        </EmptyState>
      ) : (
        <CustomAiGrid
          key={project.id}
          project={project}
          search={search}
          onSearch={changeSearch}
          onCreate={() => setDialog({ customAi: null })}
          onEdit={(customAi) => setDialog({ customAi })}
        />
      )}
      {dialog && project ? (
        <CustomAiFormDialog
          projectId={project.id}
          customAi={dialog.customAi}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog className="confirm-dialog" />
    </div>
  );
}

export default CustomAiListPage;

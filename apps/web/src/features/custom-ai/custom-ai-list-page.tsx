import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import type { TCustomAi } from '@flowsmith/shared';
import { ProjectScreen } from '../../components/project-screen';
import { CustomAiFormDialog } from './custom-ai-form-dialog';
import { CustomAiGrid } from './custom-ai-grid';
import { useCurrentProject } from '../../lib/current-project';
import { myProjectsQueryOptions } from '../../lib/queries/projects';
import './custom-ai.css';

type TOpenDialog = { customAi: TCustomAi | null } | null;

/** `/custom-ai`: a project's assistants; the project and the search live in the URL. */
function CustomAiListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const projects = useQuery(myProjectsQueryOptions());
  const [dialog, setDialog] = useState<TOpenDialog>(null);
  const search = searchParams.get('search') ?? '';

  const project = useCurrentProject(projects.data?.items ?? [], { orFirst: true });
  const canEdit = project !== null && project.role !== 'viewer';

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
      <ProjectScreen
        title="Custom AI"
        projects={projects}
        project={project}
        onPickProject={(projectId) => setSearchParams({ projectId })}
        picker={{ inputId: 'custom-ai-project', className: 'custom-ai-project-picker' }}
        actions={
          canEdit ? (
            <Button
              label="New custom AI"
              icon="pi pi-plus"
              onClick={() => setDialog({ customAi: null })}
            />
          ) : null
        }
        icon="pi pi-comments"
        needsProject="Custom AIs belong to a project and may run the workflows on its canvas. Create a project first, or ask a teammate to add you to theirs."
      >
        {(current) => (
          <CustomAiGrid
            key={current.id}
            project={current}
            search={search}
            onSearch={changeSearch}
            onCreate={() => setDialog({ customAi: null })}
            onEdit={(customAi) => setDialog({ customAi })}
          />
        )}
      </ProjectScreen>
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

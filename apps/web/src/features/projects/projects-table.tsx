import { Link, useNavigate } from 'react-router';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { TPage, TProject } from '@flowsmith/shared';
import { formatDate } from '../../lib/format/date-format';
import { projectList, type TProjectListParams } from './list-params';
import { pagedTableProps } from '../../components/table/paged-table';
import { constructorUrl } from '../../lib/project-links';
import { ProjectRoleTag } from './project-role-tag';
import { IconButton, EditButton, DeleteButton } from '../../components/icon-button';

export type TProjectActions = {
  onMembers: (project: TProject) => void;
  onEdit: (project: TProject) => void;
  onDelete: (project: TProject) => void;
};

type TProjectsTableProps = TProjectActions & {
  page: TPage<TProject> | undefined;
  params: TProjectListParams;
  loading: boolean;
  onParamsChange: (change: Partial<TProjectListParams>) => void;
};

function NameCell({ project }: { project: TProject }) {
  return (
    <div className="project-cell">
      <Link to={constructorUrl(project.id)} className="project-cell__name">
        {project.name}
      </Link>
      {project.description ? (
        <span className="project-cell__description">{project.description}</span>
      ) : null}
    </div>
  );
}

function DateCell({ value }: { value: string }) {
  return <time dateTime={value}>{formatDate(value)}</time>;
}

/** Row actions. Viewers get no Edit or Delete, editors no Delete: the server would refuse them. */
function ActionsCell({
  project,
  onMembers,
  onEdit,
  onDelete,
}: TProjectActions & { project: TProject }) {
  const navigate = useNavigate();
  return (
    <div className="project-actions">
      <IconButton
        icon="pi pi-arrow-right"
        label="Open project"
        tooltip="Open"
        onClick={() => void navigate(constructorUrl(project.id))}
      />
      <IconButton
        icon="pi pi-users"
        label="Members"
        tooltip="Members"
        onClick={() => onMembers(project)}
      />
      {project.role !== 'viewer' ? (
        <EditButton name="project" onClick={() => onEdit(project)} />
      ) : null}
      {project.role === 'owner' ? (
        <DeleteButton name="project" onClick={() => onDelete(project)} />
      ) : null}
    </div>
  );
}

/** Server-side paged, sorted and searched list of the caller's projects. */
export function ProjectsTable({
  page,
  params,
  loading,
  onParamsChange,
  ...actions
}: TProjectsTableProps) {
  return (
    <DataTable
      value={page?.items ?? []}
      dataKey="id"
      {...pagedTableProps(projectList, params, page?.total ?? 0, onParamsChange)}
      loading={loading}
      emptyMessage={
        params.search ? `No projects match “${params.search}”.` : 'No projects on this page.'
      }
      className="projects-table surface-card"
      pt={{ table: { 'aria-label': 'Projects' } }}
    >
      <Column
        field="name"
        header="Name"
        sortable
        body={(project: TProject) => <NameCell project={project} />}
      />
      <Column
        field="role"
        header="Your role"
        body={(project: TProject) => <ProjectRoleTag role={project.role} />}
      />
      <Column
        field="createdAt"
        header="Created"
        sortable
        body={(project: TProject) => <DateCell value={project.createdAt} />}
      />
      <Column
        field="updatedAt"
        header="Updated"
        sortable
        body={(project: TProject) => <DateCell value={project.updatedAt} />}
      />
      <Column
        header="Actions"
        headerClassName="projects-table__actions"
        bodyClassName="projects-table__actions"
        body={(project: TProject) => <ActionsCell project={project} {...actions} />}
      />
    </DataTable>
  );
}

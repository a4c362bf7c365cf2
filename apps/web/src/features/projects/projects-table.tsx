import { Link, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { TPage, TProject } from '@flowsmith/shared';
import { formatDate } from '../../lib/format/date-format';
import { isSortField, PAGE_SIZES, type TProjectListParams } from './list-params';
import { constructorUrl } from './project-links';
import { ProjectRoleTag } from './project-role-tag';

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
      <Button
        icon="pi pi-arrow-right"
        rounded
        text
        aria-label="Open project"
        data-pr-tooltip="Open"
        onClick={() => void navigate(constructorUrl(project.id))}
      />
      <Button
        icon="pi pi-users"
        rounded
        text
        aria-label="Members"
        data-pr-tooltip="Members"
        onClick={() => onMembers(project)}
      />
      {project.role !== 'viewer' ? (
        <Button
          icon="pi pi-pencil"
          rounded
          text
          aria-label="Edit project"
          data-pr-tooltip="Edit"
          onClick={() => onEdit(project)}
        />
      ) : null}
      {project.role === 'owner' ? (
        <Button
          icon="pi pi-trash"
          rounded
          text
          severity="danger"
          aria-label="Delete project"
          data-pr-tooltip="Delete"
          onClick={() => onDelete(project)}
        />
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
      lazy
      loading={loading}
      paginator
      first={(params.page - 1) * params.pageSize}
      rows={params.pageSize}
      totalRecords={page?.total ?? 0}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPage={(event) =>
        onParamsChange({ page: Math.floor(event.first / event.rows) + 1, pageSize: event.rows })
      }
      sortField={params.sortField}
      sortOrder={params.sortOrder}
      onSort={(event) => {
        if (!isSortField(event.sortField)) return;
        onParamsChange({
          sortField: event.sortField,
          sortOrder: event.sortOrder === -1 ? -1 : 1,
          page: 1,
        });
      }}
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

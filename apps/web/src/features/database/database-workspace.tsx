import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { TNodeDatabase, TProject } from '@flowsmith/shared';
import { EmptyState } from '../../components/empty-state';
import { DatabaseFormDialog } from './database-form-dialog';
import { DatabaseList } from './database-list';
import { withTarget, type TChangeParams, type TDatabaseScreenParams } from './database-params';
import { databasesQueryOptions } from '../../lib/queries/databases';
import { ValuesPanel } from './values-panel';
import { LoadError } from '../../components/query-state';

type TDatabaseWorkspaceProps = {
  project: TProject;
  params: TDatabaseScreenParams;
  onParamsChange: TChangeParams;
};

type TDatabaseDialog = { kind: 'create' } | { kind: 'edit'; database: TNodeDatabase } | null;

/** One project's databases on the left, the chosen database's values on the right. */
export function DatabaseWorkspace({ project, params, onParamsChange }: TDatabaseWorkspaceProps) {
  const databases = useQuery(databasesQueryOptions(project.id));
  const [dialog, setDialog] = useState<TDatabaseDialog>(null);
  const canEdit = project.role !== 'viewer';
  const items = databases.data?.items ?? [];
  // Like the project, the first database is shown until the user picks another.
  const database = items.find((item) => item.id === params.databaseId) ?? items[0] ?? null;

  const select = (databaseId: string | null, replace = false) =>
    onParamsChange(
      (current) => withTarget(current, { projectId: project.id, databaseId }),
      replace,
    );

  const openCreate = () => setDialog({ kind: 'create' });
  const newButton = canEdit ? (
    <Button label="New database" icon="pi pi-plus" onClick={openCreate} />
  ) : null;

  let main: ReactNode = null;
  if (databases.isError && !databases.data) {
    main = (
      <LoadError
        what="databases"
        error={databases.error}
        onRetry={() => void databases.refetch()}
      />
    );
  } else if (database) {
    main = (
      <ValuesPanel
        key={database.id}
        database={database}
        canEdit={canEdit}
        params={params}
        onParamsChange={onParamsChange}
      />
    );
  } else if (databases.isSuccess) {
    main = (
      <EmptyState icon="pi pi-database" title="No databases in this project" action={newButton}>
        A database holds typed values — text, numbers, booleans, JSON and dates — that workflows
        read with a Database node and write with a Request storage node.
        {canEdit ? '' : ' You can view this project but not change it.'}
      </EmptyState>
    );
  }

  return (
    <div className="database-layout">
      <DatabaseList
        project={project}
        databases={items}
        total={databases.data?.total ?? 0}
        loading={databases.isPending}
        selectedId={database?.id ?? null}
        canEdit={canEdit}
        onSelect={(id) => select(id)}
        onCreate={openCreate}
        onEdit={(item) => setDialog({ kind: 'edit', database: item })}
        onDeleted={(item) => {
          if (item.id === database?.id) select(null, true);
        }}
      />
      <section className="database-main" aria-label="Values">
        {main}
      </section>
      {dialog ? (
        <DatabaseFormDialog
          projectId={project.id}
          database={dialog.kind === 'edit' ? dialog.database : null}
          onClose={() => setDialog(null)}
          onCreated={(created) => select(created.id)}
        />
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Skeleton } from 'primereact/skeleton';
import type { TNodeDatabase, TProject } from '@flowsmith/shared';
import { SearchInput } from '../../components/search-input';
import { useToast } from '../../components/toast';
import { errorText } from '../../lib/forms';
import { useDeleteDatabase } from './database.mutations';

type TDatabaseListProps = {
  project: TProject;
  databases: TNodeDatabase[];
  /** How many the project has; more than were loaded when it has over the API's page limit. */
  total: number;
  loading: boolean;
  selectedId: string | null;
  canEdit: boolean;
  onSelect: (id: string) => void;
  onCreate: () => void;
  onEdit: (database: TNodeDatabase) => void;
  onDeleted: (database: TNodeDatabase) => void;
};

const matches = (database: TNodeDatabase, text: string) =>
  `${database.name}\n${database.description}`.toLowerCase().includes(text.toLowerCase());

/**
 * The project's databases. The whole list is loaded (a project has far fewer than the API's
 * page limit), so the search filters it at once, and the chosen database stays known while
 * the search hides it.
 */
export function DatabaseList(props: TDatabaseListProps) {
  const { project, databases, total, loading, selectedId, canEdit } = props;
  const toast = useToast();
  const remove = useDeleteDatabase();
  const [search, setSearch] = useState('');
  const shown = search ? databases.filter((database) => matches(database, search)) : databases;

  const confirmDelete = (database: TNodeDatabase) =>
    confirmDialog({
      header: 'Delete database',
      message: (
        <span>
          Delete database <strong>{database.name}</strong> and <strong>all of its values</strong>?
          Nodes that read or write it stop working. This cannot be undone.
        </span>
      ),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Delete',
      rejectLabel: 'Cancel',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(database, {
          onSuccess: () => {
            props.onDeleted(database);
            toast.show({ severity: 'success', summary: 'Database deleted', detail: database.name });
          },
          onError: (error) =>
            toast.show({
              severity: 'error',
              summary: `Could not delete ${database.name}`,
              detail: errorText(error),
            }),
        }),
    });

  return (
    <aside className="database-list surface-card" aria-label={`Databases of ${project.name}`}>
      <div className="database-list__head">
        <h2>Databases</h2>
        {canEdit ? (
          <Button
            icon="pi pi-plus"
            rounded
            text
            aria-label="New database"
            data-pr-tooltip="New database"
            onClick={props.onCreate}
          />
        ) : null}
      </div>
      <SearchInput value={search} onSearch={setSearch} label="Search databases" />
      {loading ? (
        <div className="database-list__skeleton" aria-busy="true">
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </div>
      ) : (
        <ul className="database-list__items">
          {shown.map((database) => (
            <li
              key={database.id}
              className={`database-item${database.id === selectedId ? ' database-item--selected' : ''}`}
            >
              <button
                type="button"
                className="database-item__open"
                aria-current={database.id === selectedId ? 'true' : undefined}
                onClick={() => props.onSelect(database.id)}
              >
                <span className="database-item__name">{database.name}</span>
                {database.description ? (
                  <span className="database-item__description">{database.description}</span>
                ) : null}
              </button>
              {canEdit ? (
                <span className="database-item__actions">
                  <Button
                    icon="pi pi-pencil"
                    rounded
                    text
                    size="small"
                    aria-label={`Rename ${database.name}`}
                    data-pr-tooltip="Rename"
                    onClick={() => props.onEdit(database)}
                  />
                  <Button
                    icon="pi pi-trash"
                    rounded
                    text
                    size="small"
                    severity="danger"
                    aria-label={`Delete ${database.name}`}
                    data-pr-tooltip="Delete"
                    onClick={() => confirmDelete(database)}
                  />
                </span>
              ) : null}
            </li>
          ))}
          {shown.length === 0 ? (
            <li className="database-list__none">
              {search ? `No database matches “${search}”.` : 'No databases yet.'}
            </li>
          ) : null}
        </ul>
      )}
      {total > databases.length ? (
        <p className="database-list__more">
          Showing the first {databases.length} of {total} databases.
        </p>
      ) : null}
    </aside>
  );
}

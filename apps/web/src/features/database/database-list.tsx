import { useState } from 'react';
import { Skeleton } from 'primereact/skeleton';
import type { TNodeDatabase, TProject } from '@flowsmith/shared';
import { SearchInput } from '../../components/search-input';
import { SideListItem } from '../../components/side-list-item';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import { useDeleteDatabase } from './database.mutations';
import { IconButton } from '../../components/icon-button';

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
  const notify = useNotify();
  const remove = useDeleteDatabase();
  const [search, setSearch] = useState('');
  const shown = search ? databases.filter((database) => matches(database, search)) : databases;

  const confirmDelete = (database: TNodeDatabase) =>
    confirmAction({
      header: 'Delete database',
      message: (
        <span>
          Delete database <strong>{database.name}</strong> and <strong>all of its values</strong>?
          Nodes that read or write it stop working. This cannot be undone.
        </span>
      ),
      acceptLabel: 'Delete',
      accept: () =>
        remove.mutate(database, {
          onSuccess: () => {
            props.onDeleted(database);
            notify.success('Database deleted', database.name);
          },
          onError: notify.failure(`Could not delete ${database.name}`),
        }),
    });

  return (
    <aside className="database-list surface-card" aria-label={`Databases of ${project.name}`}>
      <div className="database-list__head">
        <h2>Databases</h2>
        {canEdit ? (
          <IconButton
            icon="pi pi-plus"
            label="New database"
            tooltip="New database"
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
        <ul className="stack-list database-list__items">
          {shown.map((database) => (
            <SideListItem
              key={database.id}
              title={database.name}
              detail={database.description}
              selected={database.id === selectedId}
              onOpen={() => props.onSelect(database.id)}
              {...(canEdit
                ? {
                    onRename: () => props.onEdit(database),
                    onDelete: () => confirmDelete(database),
                  }
                : {})}
            />
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

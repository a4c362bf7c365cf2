import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { TCustomAi, TProject } from '@flowsmith/shared';
import { EmptyState } from '../../components/empty-state';
import { SearchInput } from '../../components/search-input';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import { CustomAiCard } from './custom-ai-card';
import { useDeleteCustomAi } from './custom-ai.mutations';
import { customAiListQueryOptions, projectLinksQueryOptions } from '../../lib/queries/custom-ais';
import { modelsQueryOptions } from '../../lib/queries/models';
import { modelLabel } from '../../lib/models/model-label';
import { linkCounts } from './workflow-links';
import {
  LoadError,
  LoadingBlock,
  OfflineState,
  waitsForNetwork,
} from '../../components/query-state';

type TCustomAiGridProps = {
  project: TProject;
  search: string;
  onSearch: (search: string) => void;
  onCreate: () => void;
  onEdit: (customAi: TCustomAi) => void;
};

/** A project's custom AIs as cards, with search; viewers get no Edit, Delete or New. */
export function CustomAiGrid({ project, search, onSearch, onCreate, onEdit }: TCustomAiGridProps) {
  const notify = useNotify();
  const list = useQuery(customAiListQueryOptions(project.id, search));
  const links = useQuery(projectLinksQueryOptions(project.id));
  const models = useQuery(modelsQueryOptions());
  const remove = useDeleteCustomAi();
  const canEdit = project.role !== 'viewer';
  const counts = links.data ? linkCounts(links.data.items) : null;

  const confirmDelete = (customAi: TCustomAi) =>
    confirmAction({
      header: 'Delete custom AI',
      message: (
        <span>
          Delete <strong>{customAi.name}</strong>? This also deletes its conversations, for
          everyone. This cannot be undone.
        </span>
      ),
      acceptLabel: 'Delete',
      accept: () =>
        remove.mutate(
          customAi,
          notify.outcome('Custom AI deleted', customAi.name, `Could not delete ${customAi.name}`),
        ),
    });

  if (waitsForNetwork(list)) return <OfflineState what="custom AIs" />;
  if (list.isPending) {
    return <LoadingBlock label="Loading custom AIs" />;
  }
  // Saved data (an offline reload) stays shown when refreshing it fails.
  if (list.isError && !list.data) {
    return <LoadError what="custom AIs" error={list.error} onRetry={() => void list.refetch()} />;
  }
  const items = list.data.items;
  if (items.length === 0 && !search) {
    return (
      <EmptyState
        icon="pi pi-comments"
        title="No custom AIs yet"
        action={
          canEdit ? <Button label="New custom AI" icon="pi pi-plus" onClick={onCreate} /> : null
        }
      >
        Create an assistant with its own instructions, and let it run your workflows.
      </EmptyState>
    );
  }
  return (
    <>
      <div className="custom-ai-toolbar">
        <SearchInput
          value={search}
          onSearch={onSearch}
          label="Search custom AIs"
          className="custom-ai-search"
        />
      </div>
      {items.length === 0 ? (
        <p className="custom-ai-none">No custom AIs match “{search}”.</p>
      ) : (
        <ul className="custom-ai-grid" aria-label="Custom AIs">
          {items.map((customAi) => (
            <li key={customAi.id}>
              <CustomAiCard
                customAi={customAi}
                modelLabel={modelLabel(customAi.model, { models: models.data?.items })}
                workflowCount={counts ? (counts.get(customAi.id) ?? 0) : undefined}
                {...(canEdit ? { onEdit, onDelete: confirmDelete } : {})}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

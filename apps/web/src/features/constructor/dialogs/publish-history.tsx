import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'primereact/button';
import type { TGroupPublication, TGroupVersion } from '@flowsmith/shared';
import { confirmAction } from '../../../components/dialog/confirm';
import {
  publishingApi,
  publishingKeys,
  versionDiffQueryOptions,
} from '../../../lib/queries/publishing';
import { useRefreshingMutation } from '../../../lib/queries/refreshing-mutation';

type THistoryProps = {
  groupId: string;
  versions: TGroupVersion[];
  publication: TGroupPublication | null;
  readOnly: boolean;
};

/** Every version with who published it and when; its changes against the draft, and restore. */
export function PublishHistory({ groupId, versions, publication, readOnly }: THistoryProps) {
  const [open, setOpen] = useState<string | null>(null);
  const restore = useRefreshingMutation(
    (versionId: string) => publishingApi.restore(groupId, versionId),
    () => [publishingKeys.all],
  );
  if (!versions.length) return null;
  return (
    <section className="publish-dialog__section">
      <h3>History</h3>
      <ul className="publish-dialog__history">
        {versions.map((version) => (
          <li key={version.id} data-testid="publish-version">
            <strong>Version {version.number}</strong>
            {publication?.versionId === version.id ? ' (published)' : ''} ·{' '}
            {version.createdBy?.name ?? 'a former member'} ·{' '}
            {new Date(version.createdAt).toLocaleString()}
            {version.note ? <div>{version.note}</div> : null}
            <Button
              type="button"
              text
              size="small"
              label={open === version.id ? 'Hide changes' : 'Changes since'}
              onClick={() => setOpen(open === version.id ? null : version.id)}
            />
            {!readOnly ? (
              <Button
                type="button"
                text
                size="small"
                label="Restore"
                loading={restore.isPending && restore.variables === version.id}
                onClick={() =>
                  void confirmAction({
                    header: `Restore version ${version.number}?`,
                    message: 'What is inside the group on the canvas is replaced by this version.',
                    acceptLabel: 'Restore',
                    accept: () => restore.mutate(version.id),
                  })
                }
              />
            ) : null}
            {open === version.id ? <VersionDiff groupId={groupId} versionId={version.id} /> : null}
          </li>
        ))}
      </ul>
      {restore.error ? <small className="p-error">{restore.error.message}</small> : null}
    </section>
  );
}

function VersionDiff({ groupId, versionId }: { groupId: string; versionId: string }) {
  const diff = useQuery(versionDiffQueryOptions(groupId, versionId));
  if (diff.isPending) return <p>Loading…</p>;
  if (diff.isError) return <p className="p-error">Cannot load the changes.</p>;
  const { nodes, connections } = diff.data;
  const lines = [
    ...nodes.added.map((n) => `Added ${n.title || n.type}`),
    ...nodes.removed.map((n) => `Removed ${n.title || n.type}`),
    ...nodes.changed.map((n) => `Changed ${n.title || n.type}: ${n.fields.join(', ')}`),
    ...(connections.added.length ? [`${connections.added.length} connection(s) added`] : []),
    ...(connections.removed.length ? [`${connections.removed.length} connection(s) removed`] : []),
  ];
  return (
    <ul className="publish-dialog__diff" data-testid="publish-diff">
      {lines.length ? lines.map((line) => <li key={line}>{line}</li>) : <li>No changes.</li>}
    </ul>
  );
}

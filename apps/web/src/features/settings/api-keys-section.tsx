import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import type { TApiKey, TApiKeyCreated } from '@flowsmith/shared';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import { formatDate } from '../../lib/format/date-format';
import { isExpired } from './api-key-expiry';
import { ApiKeyCreatedDialog } from './api-key-created-dialog';
import { ApiKeyFormDialog } from './api-key-form-dialog';
import { SettingsListSection } from './settings-table';
import { useRevokeApiKey } from './settings.mutations';
import { apiKeysQueryOptions } from '../../lib/queries/settings';
import { IconButton, EditButton } from '../../components/icon-button';

type TDialog =
  { kind: 'form'; apiKey: TApiKey | null } | { kind: 'created'; created: TApiKeyCreated } | null;

const dateOr = (value: string | null, fallback: string) =>
  value ? (
    <time dateTime={value}>{formatDate(value)}</time>
  ) : (
    <span className="settings-muted">{fallback}</span>
  );

function ExpiresCell({ apiKey }: { apiKey: TApiKey }) {
  if (isExpired(apiKey, new Date())) return <Tag value="Expired" severity="danger" />;
  return dateOr(apiKey.expiresAt, 'Never');
}

/** Keys for calling the API as yourself (`Authorization: Bearer <key>`). */
export function ApiKeysSection() {
  const notify = useNotify();
  const list = useQuery(apiKeysQueryOptions());
  const revoke = useRevokeApiKey();
  const [dialog, setDialog] = useState<TDialog>(null);

  const confirmRevoke = (apiKey: TApiKey) =>
    confirmAction({
      header: 'Revoke API key',
      message: `Revoke ${apiKey.name} (${apiKey.prefix}…)? Anything still using it is refused from now on. This cannot be undone.`,
      acceptLabel: 'Revoke',
      accept: () =>
        revoke.mutate(
          apiKey.id,
          notify.outcome('API key revoked', apiKey.name, `Could not revoke ${apiKey.name}`),
        ),
    });

  return (
    <SettingsListSection
      id="settings-api-keys"
      title="API keys"
      description={
        <>
          Call the API as yourself with <code>Authorization: Bearer &lt;key&gt;</code>. A key is
          shown once, when it is created.
        </>
      }
      query={list}
      what="API keys"
      label="API keys"
      add={{ label: 'Create API key', onClick: () => setDialog({ kind: 'form', apiKey: null }) }}
      empty={{
        icon: 'pi pi-key',
        title: 'No API keys yet',
        text: 'An API key lets a script or another service call Flowsmith as you — start runs, read the request log — without your password.',
      }}
      actions={(row: TApiKey) => (
        <>
          <EditButton
            name={row.name}
            verb="Rename"
            onClick={() => setDialog({ kind: 'form', apiKey: row })}
          />
          <IconButton
            icon="pi pi-ban"
            label={`Revoke ${row.name}`}
            tooltip="Revoke"
            onClick={() => confirmRevoke(row)}
            danger
          />
        </>
      )}
      dialogs={
        <>
          {dialog?.kind === 'form' ? (
            <ApiKeyFormDialog
              apiKey={dialog.apiKey}
              onCreated={(created) => setDialog({ kind: 'created', created })}
              onClose={() => setDialog(null)}
            />
          ) : null}
          {dialog?.kind === 'created' ? (
            <ApiKeyCreatedDialog created={dialog.created} onClose={() => setDialog(null)} />
          ) : null}
        </>
      }
    >
      <Column header="Name" field="name" bodyClassName="settings-strong" />
      <Column
        header="Key"
        body={(row: TApiKey) => <code className="settings-code">{row.prefix}…</code>}
      />
      <Column header="Created" body={(row: TApiKey) => dateOr(row.createdAt, '')} />
      <Column header="Last used" body={(row: TApiKey) => dateOr(row.lastUsedAt, 'Never')} />
      <Column header="Expires" body={(row: TApiKey) => <ExpiresCell apiKey={row} />} />
    </SettingsListSection>
  );
}

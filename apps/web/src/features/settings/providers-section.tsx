import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import type { TProviderCredential } from '@flowsmith/shared';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import { errorText } from '../../lib/forms';
import { PROVIDER_LABELS } from '../../lib/models/model-label';
import { ProviderFormDialog } from './provider-form-dialog';
import { SettingsListSection } from './settings-table';
import { useDeleteProvider, useTestProvider } from './settings.mutations';
import { providersQueryOptions } from '../../lib/queries/settings';
import { EditButton, DeleteButton } from '../../components/icon-button';

type TTestState =
  { status: 'testing' } | { status: 'ok'; model: string } | { status: 'failed'; error: string };
type TProviderRow = TProviderCredential & { test: TTestState | undefined };
type TDialog = { credential: TProviderCredential | null } | null;

function ModelsCell({ models }: { models: string[] }) {
  if (models.length === 0) return <span className="settings-muted">What the provider lists</span>;
  return (
    <div className="settings-chips">
      {models.map((model) => (
        <Tag key={model} value={model} className="settings-chip" />
      ))}
    </div>
  );
}

function TestResult({ state }: { state: TTestState | undefined }) {
  if (!state || state.status === 'testing') return null;
  return state.status === 'ok' ? (
    <small className="settings-test settings-test--ok" role="status">
      <i className="pi pi-check-circle" aria-hidden="true" /> Works with {state.model}
    </small>
  ) : (
    <small className="settings-test settings-test--failed" role="alert">
      <i className="pi pi-times-circle" aria-hidden="true" /> {state.error}
    </small>
  );
}

/** The caller's own model provider keys: add, edit, check with a one-token call, remove. */
export function ProvidersSection() {
  const notify = useNotify();
  const list = useQuery(providersQueryOptions());
  const remove = useDeleteProvider();
  const test = useTestProvider();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [tests, setTests] = useState<Record<string, TTestState>>({});
  // PrimeReact redraws a row only when its data changes, so each row carries its test state.
  const withTests = (rows: TProviderCredential[]): TProviderRow[] =>
    rows.map((row) => ({ ...row, test: tests[row.id] }));

  const runTest = (credential: TProviderCredential) => {
    const record = (state: TTestState) =>
      setTests((current) => ({ ...current, [credential.id]: state }));
    record({ status: 'testing' });
    // mutateAsync, not mutate: each row's test reports its own answer even when several run.
    void test.mutateAsync(credential.id).then(
      (result) => {
        if (!result.ok) return record({ status: 'failed', error: result.error });
        record({ status: 'ok', model: result.model });
        notify.success(`${credential.name} works`, `Answered with ${result.model}.`);
      },
      (error: unknown) => record({ status: 'failed', error: errorText(error) }),
    );
  };

  const confirmDelete = (credential: TProviderCredential) =>
    confirmAction({
      header: 'Delete provider key',
      message: `Delete ${credential.name} (${credential.keyHint})? Workflows and assistants using its models stop working until another key serves them.`,
      acceptLabel: 'Delete',
      accept: () =>
        remove.mutate(
          credential.id,
          notify.outcome(
            'Provider key deleted',
            credential.name,
            `Could not delete ${credential.name}`,
          ),
        ),
    });

  return (
    <SettingsListSection
      id="settings-providers"
      title="AI providers"
      description="Your own keys for model providers. Keys are stored encrypted and never shown again after saving."
      query={list}
      what="provider keys"
      label="Provider keys"
      rows={withTests}
      add={{ label: 'Add provider', onClick: () => setDialog({ credential: null }) }}
      empty={{
        icon: 'pi pi-server',
        title: 'No provider keys yet',
        text: 'Workflows can use the built-in echo model offline. Add an OpenAI or Anthropic key, or the address of an OpenAI-compatible server (Ollama, LM Studio, vLLM), to use real models.',
      }}
      actions={(row: TProviderRow) => (
        <>
          <Button
            label="Test"
            icon="pi pi-bolt"
            size="small"
            outlined
            loading={row.test?.status === 'testing'}
            aria-label={`Test ${row.name}`}
            onClick={() => runTest(row)}
          />
          <EditButton name={row.name} onClick={() => setDialog({ credential: row })} />
          <DeleteButton name={row.name} onClick={() => confirmDelete(row)} />
        </>
      )}
      actionNote={(row: TProviderRow) => <TestResult state={row.test} />}
      dialogs={
        dialog ? (
          <ProviderFormDialog credential={dialog.credential} onClose={() => setDialog(null)} />
        ) : null
      }
    >
      <Column header="Name" field="name" bodyClassName="settings-strong" />
      <Column
        header="Provider"
        body={(row: TProviderCredential) => PROVIDER_LABELS[row.provider]}
      />
      <Column
        header="Base URL"
        body={(row: TProviderCredential) =>
          row.baseUrl ? (
            <code className="settings-code">{row.baseUrl}</code>
          ) : (
            <span className="settings-muted">Default</span>
          )
        }
      />
      <Column
        header="Key"
        body={(row: TProviderCredential) => <code className="settings-code">{row.keyHint}</code>}
      />
      <Column
        header="Models"
        body={(row: TProviderCredential) => <ModelsCell models={row.models} />}
      />
    </SettingsListSection>
  );
}

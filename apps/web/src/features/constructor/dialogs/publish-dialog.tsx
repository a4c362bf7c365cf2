import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import type { TAppAccess, TGroupPublication } from '@flowsmith/shared';
import { AppDialog } from '../../../components/dialog/app-dialog';
import { isApiError } from '../../../lib/api';
import {
  groupVersionsQueryOptions,
  publishingApi,
  publishingKeys,
} from '../../../lib/queries/publishing';
import { useRefreshingMutation } from '../../../lib/queries/refreshing-mutation';
import { PublishHistory } from './publish-history';
import { PublishSnippets } from './publish-snippets';
import './publish-dialog.css';

type TPublishDialogProps = {
  groupId: string;
  title: string;
  isUiGroup: boolean;
  readOnly: boolean;
  onClose: () => void;
};

const accessOptions: Array<{ label: string; value: TAppAccess }> = [
  { label: 'Members', value: 'members' },
  { label: 'Anyone with the link', value: 'link' },
  { label: 'Embedded', value: 'embed' },
];

const errorOf = (error: unknown, field: string) =>
  isApiError(error)
    ? (error.details?.find((d) => d.field === field || d.field.startsWith(`${field}.`))?.message ??
      error.message)
    : error
      ? 'Cannot reach Flowsmith'
      : undefined;

/** Publishing a group: a new version with a note, how its app is reached, history and snippets. */
export function PublishDialog({
  groupId,
  title,
  isUiGroup,
  readOnly,
  onClose,
}: TPublishDialogProps) {
  const versions = useQuery(groupVersionsQueryOptions(groupId));
  const [note, setNote] = useState('');
  const refresh = () => [publishingKeys.all];
  const publish = useRefreshingMutation(() => publishingApi.publish(groupId, note), refresh);
  const publication = versions.data?.publication ?? null;

  return (
    <AppDialog header={`Publish ${title}`} onHide={onClose} style={{ width: '46rem' }}>
      <div className="publish-dialog" data-testid="publish-dialog">
        {!readOnly ? (
          <form
            className="publish-dialog__publish"
            onSubmit={(event) => {
              event.preventDefault();
              publish.mutate(undefined, { onSuccess: () => setNote('') });
            }}
          >
            <label htmlFor="publish-note">What changed (optional)</label>
            <InputTextarea
              id="publish-note"
              value={note}
              rows={2}
              maxLength={1000}
              onChange={(event) => setNote(event.target.value)}
              invalid={Boolean(publish.error)}
            />
            {publish.error ? (
              <small className="p-error">{errorOf(publish.error, 'note')}</small>
            ) : null}
            <Button
              type="submit"
              label={publication ? 'Publish a new version' : 'Publish'}
              icon="pi pi-send"
              loading={publish.isPending}
              data-testid="publish-button"
            />
          </form>
        ) : null}
        {versions.isPending ? <p>Loading…</p> : null}
        {versions.isError ? (
          <p className="p-error">Cannot load the versions of this group.</p>
        ) : null}
        {publication ? (
          <PublicationSettings
            groupId={groupId}
            publication={publication}
            isUiGroup={isUiGroup}
            readOnly={readOnly}
          />
        ) : versions.data ? (
          <p>Not published yet: outside callers cannot use this group.</p>
        ) : null}
        {publication ? <PublishSnippets groupId={groupId} publication={publication} /> : null}
        {versions.data ? (
          <PublishHistory
            groupId={groupId}
            versions={versions.data.items}
            publication={publication}
            readOnly={readOnly}
          />
        ) : null}
      </div>
    </AppDialog>
  );
}

type TSettingsProps = {
  groupId: string;
  publication: TGroupPublication;
  isUiGroup: boolean;
  readOnly: boolean;
};

function PublicationSettings({ groupId, publication, isUiGroup, readOnly }: TSettingsProps) {
  const [origins, setOrigins] = useState(publication.allowedOrigins.join('\n'));
  const update = useRefreshingMutation(
    (patch: Parameters<typeof publishingApi.update>[1]) => publishingApi.update(groupId, patch),
    () => [publishingKeys.all],
  );
  const link = `${window.location.origin}/apps/${publication.slug}`;
  const embed = `<script src="${window.location.origin}/api/apps/${publication.slug}/embed.js" async></script>`;
  return (
    <section className="publish-dialog__section">
      <h3>Version {publication.versionNumber} is published</h3>
      {isUiGroup ? (
        <>
          <label id="publish-access">Who may use the app</label>
          <SelectButton
            aria-labelledby="publish-access"
            value={publication.access}
            options={accessOptions}
            disabled={readOnly || update.isPending}
            allowEmpty={false}
            onChange={(event) => update.mutate({ access: event.value as TAppAccess })}
          />
          <p>
            App:{' '}
            <a href={link} target="_blank" rel="noreferrer" data-testid="app-link">
              {link}
            </a>
          </p>
          {publication.access === 'embed' ? (
            <>
              <label htmlFor="publish-origins">Sites that may embed it (one origin a line)</label>
              <InputTextarea
                id="publish-origins"
                value={origins}
                rows={3}
                disabled={readOnly}
                invalid={Boolean(update.error)}
                onChange={(event) => setOrigins(event.target.value)}
                onBlur={() =>
                  update.mutate({
                    allowedOrigins: origins
                      .split('\n')
                      .map((line) => line.trim())
                      .filter(Boolean),
                  })
                }
              />
              <label htmlFor="publish-embed">Embed code</label>
              <InputTextarea id="publish-embed" value={embed} readOnly rows={2} />
            </>
          ) : null}
          {update.error ? (
            <small className="p-error">{errorOf(update.error, 'allowedOrigins')}</small>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

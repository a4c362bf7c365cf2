import { useRef, useState } from 'react';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import type { TUser } from '@flowsmith/shared';
import { useNotify } from '../../components/toast';
import { serverFormErrors } from '../../lib/forms';
import { useRemoveAvatar, useSetAvatar } from './account.mutations';

const ACCEPT = 'image/png,image/jpeg,image/webp';
const MAX_BYTES = 512 * 1024;

/** The profile picture: a PNG, JPEG or WebP file up to 512 KB, checked again by the server. */
export function AvatarField({ user }: { user: TUser }) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const setAvatar = useSetAvatar();
  const removeAvatar = useRemoveAvatar();
  const [problem, setProblem] = useState<string | null>(null);

  const upload = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_BYTES) {
      setProblem('The picture must be at most 512 KB');
      return;
    }
    setAvatar.mutate(file, {
      onSuccess: () => notify.success('Picture saved'),
      onError: (error) => {
        const { fields, form } = serverFormErrors(error, ['avatar'] as const, {
          payload_too_large: 'The picture must be at most 512 KB',
        });
        setProblem(fields.avatar ?? form);
      },
    });
  };

  return (
    <div className="form-field settings-avatar">
      <span id="settings-avatar-label">Picture</span>
      <div className="settings-avatar__row">
        {user.avatarUrl ? (
          <Avatar image={user.avatarUrl} shape="circle" size="xlarge" aria-label="Your picture" />
        ) : (
          <Avatar icon="pi pi-user" shape="circle" size="xlarge" aria-label="No picture yet" />
        )}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          aria-labelledby="settings-avatar-label"
          onChange={(event) => {
            upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          type="button"
          label="Upload picture"
          icon="pi pi-upload"
          outlined
          loading={setAvatar.isPending}
          onClick={() => input.current?.click()}
        />
        {user.avatarUrl ? (
          <Button
            type="button"
            label="Remove"
            text
            severity="danger"
            loading={removeAvatar.isPending}
            onClick={() =>
              removeAvatar.mutate(
                undefined,
                notify.outcome('Picture removed', '', 'Could not remove the picture'),
              )
            }
          />
        ) : null}
      </div>
      <small className={problem ? 'p-error' : 'settings-muted'}>
        {problem ?? 'PNG, JPEG or WebP, up to 512 KB.'}
      </small>
    </div>
  );
}

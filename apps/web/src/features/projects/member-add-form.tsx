import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete, type AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { Message } from 'primereact/message';
import type { TProject, TUserListItem } from '@flowsmith/shared';
import { useToast } from '../../components/toast';
import { errorText, serverFormErrors } from '../../lib/forms';
import { useAddMember } from './projects.mutations';
import { userSearchQueryOptions } from '../../lib/queries/members';

const USER_INPUT_ID = 'member-user';
const CAN_EDIT_ID = 'member-can-edit';

type TMemberAddFormProps = {
  project: TProject;
  /** Users who are members already; they are not offered again. */
  memberUserIds: ReadonlySet<string>;
};

function userSuggestion(user: TUserListItem) {
  return (
    <div className="user-suggestion">
      <span className="user-suggestion__name">{user.name}</span>
      <span className="user-suggestion__email">{user.email}</span>
    </div>
  );
}

/** The project user form (spec §2): pick a user with the autocomplete, choose "Can edit", add. */
export function MemberAddForm({ project, memberUserIds }: TMemberAddFormProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const add = useAddMember();
  // A string while typing, the user once a suggestion is picked.
  const [value, setValue] = useState<string | TUserListItem>('');
  const [suggestions, setSuggestions] = useState<TUserListItem[]>([]);
  const [canEdit, setCanEdit] = useState(false);
  const [userError, setUserError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Answers can arrive out of order; only the one for the latest text is shown.
  const latestSearch = useRef('');
  const selected = typeof value === 'object' ? value : null;

  const search = async ({ query }: AutoCompleteCompleteEvent) => {
    const text = query.trim();
    latestSearch.current = text;
    try {
      const page = await queryClient.fetchQuery(userSearchQueryOptions(text));
      if (latestSearch.current !== text) return;
      setSuggestions(page.items.filter((user) => !memberUserIds.has(user.id)));
    } catch (error) {
      if (latestSearch.current !== text) return;
      setSuggestions([]);
      setFormError(errorText(error));
    }
  };

  const submit = () => {
    if (!selected) {
      setUserError('Pick a user from the suggestions.');
      return;
    }
    const role = canEdit ? 'editor' : 'viewer';
    add.mutate(
      { projectId: project.id, userId: selected.id, role },
      {
        onSuccess: () => {
          toast.show({
            severity: 'success',
            summary: 'Member added',
            detail: `${selected.name} can now ${canEdit ? 'edit' : 'view'} ${project.name}.`,
          });
          setValue('');
          setCanEdit(false);
        },
        onError: (error) => {
          // A 409 says the same as its `userId` detail, in full: show it once.
          const { fields, form } = serverFormErrors(error, ['userId'] as const);
          setUserError(form ? null : (fields.userId ?? null));
          setFormError(form);
        },
      },
    );
  };

  return (
    <section className="member-add" aria-labelledby="member-add-title">
      <h3 id="member-add-title" className="member-add__title">
        Add a member
      </h3>
      <div className="member-add__row">
        <div className="form-field member-add__user">
          <label htmlFor={USER_INPUT_ID}>Add a user by name or e-mail</label>
          <AutoComplete
            inputId={USER_INPUT_ID}
            value={value}
            suggestions={suggestions}
            completeMethod={(event) => void search(event)}
            field="name"
            itemTemplate={userSuggestion}
            delay={250}
            minLength={1}
            showEmptyMessage
            emptyMessage="No verified user matches, or they are members already."
            placeholder="Start typing a name or e-mail"
            invalid={userError !== null}
            aria-invalid={userError !== null}
            aria-describedby={userError ? `${USER_INPUT_ID}-error` : undefined}
            onChange={(event) => {
              setValue(event.value as string | TUserListItem);
              setUserError(null);
              setFormError(null);
            }}
            className="w-full"
            inputClassName="w-full"
          />
          {userError ? (
            <small id={`${USER_INPUT_ID}-error`} className="p-error" role="alert">
              {userError}
            </small>
          ) : null}
        </div>
        <div className="switch-field">
          <InputSwitch
            inputId={CAN_EDIT_ID}
            checked={canEdit}
            onChange={(event) => setCanEdit(event.value)}
          />
          <label htmlFor={CAN_EDIT_ID}>Can edit</label>
        </div>
        <Button
          type="button"
          label="Add"
          icon="pi pi-user-plus"
          loading={add.isPending}
          onClick={submit}
        />
      </div>
      {selected ? (
        <small className="member-add__hint">
          {selected.name} ({selected.email}) will join as {canEdit ? 'an editor' : 'a viewer'}.
        </small>
      ) : null}
      {formError ? <Message severity="error" text={formError} className="w-full" /> : null}
    </section>
  );
}

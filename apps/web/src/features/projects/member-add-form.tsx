import { useRef, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AutoComplete, type AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { Message } from 'primereact/message';
import type { TProject, TUserListItem } from '@flowsmith/shared';
import { BoundField } from '../../components/form/bound-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { useNotify } from '../../components/toast';
import { errorText } from '../../lib/forms';
import { userSearchQueryOptions } from '../../lib/queries/members';
import { useAddMember } from './projects.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

const CAN_EDIT_ID = 'member-can-edit';

/** `userId` holds the text while typing and the user once a suggestion is picked. */
const ZMemberForm = z.object({
  userId: z
    .custom<TUserListItem | string>()
    .pipe(
      z.custom<TUserListItem>(
        (value) => typeof value === 'object' && value !== null,
        'Pick a user from the suggestions.',
      ),
    ),
  canEdit: z.boolean(),
});

type TMemberForm = UseFormReturn<
  z.input<typeof ZMemberForm>,
  unknown,
  z.output<typeof ZMemberForm>
>;

/** The form's state, held by the members dialog so that closing it can ask about a picked user. */
export function useMemberForm(): TMemberForm {
  return useZodForm(ZMemberForm, { userId: '', canEdit: false });
}

type TMemberAddFormProps = {
  form: TMemberForm;
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
export function MemberAddForm({ form, project, memberUserIds }: TMemberAddFormProps) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const add = useAddMember();
  const [picked, canEdit] = useWatch({ control: form.control, name: ['userId', 'canEdit'] });
  const [suggestions, setSuggestions] = useState<TUserListItem[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  // Answers can arrive out of order; only the one for the latest text is shown.
  const latestSearch = useRef('');
  const selected = typeof picked === 'object' ? picked : null;

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

  const submit = form.handleSubmit(async ({ userId: user, canEdit: editor }) => {
    setFormError(null);
    try {
      await add.mutateAsync({
        projectId: project.id,
        userId: user.id,
        role: editor ? 'editor' : 'viewer',
      });
    } catch (error) {
      setFormError(applyServerErrors(form, error, ['userId']));
      return;
    }
    notify.success(
      'Member added',
      `${user.name} can now ${editor ? 'edit' : 'view'} ${project.name}.`,
    );
    form.reset();
  });

  return (
    <form
      className="member-add"
      aria-labelledby="member-add-title"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="member-add-title" className="member-add__title">
        Add a member
      </h3>
      <div className="member-add__row">
        <div className="member-add__user">
          <BoundField
            control={form.control}
            name="userId"
            id="member-user"
            label="Add a user by name or e-mail"
            render={(field, { id, ...a11y }) => (
              <AutoComplete
                {...a11y}
                inputId={id}
                value={field.value}
                suggestions={suggestions}
                completeMethod={(event) => void search(event)}
                field="name"
                itemTemplate={userSuggestion}
                delay={250}
                minLength={1}
                showEmptyMessage
                emptyMessage="No match among people you can add. Type their full e-mail address: names find only people you already share a project with."
                placeholder="Full e-mail address, or the name of a co-member"
                onChange={(event) => {
                  field.onChange(event.value as string | TUserListItem);
                  form.clearErrors('userId');
                  setFormError(null);
                }}
                className="w-full"
                inputClassName="w-full"
              />
            )}
          />
        </div>
        <Controller
          control={form.control}
          name="canEdit"
          render={({ field }) => (
            <div className="switch-field">
              <InputSwitch
                inputId={CAN_EDIT_ID}
                checked={field.value}
                onChange={(event) => field.onChange(event.value)}
              />
              <label htmlFor={CAN_EDIT_ID}>Can edit</label>
            </div>
          )}
        />
        <Button type="submit" label="Add" icon="pi pi-user-plus" loading={add.isPending} />
      </div>
      {selected ? (
        <small className="member-add__hint">
          {selected.name} ({selected.email}) will join as {canEdit ? 'an editor' : 'a viewer'}.
        </small>
      ) : null}
      {formError ? <Message severity="error" text={formError} className="w-full" /> : null}
    </form>
  );
}

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { ZDeleteAccountBody, type TAccountDeletionPlan } from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { PasswordField } from '../../components/form/password-field';
import { QueryState } from '../../components/query-state';
import { useForgetSession } from '../../lib/auth';
import { deletionPlanQueryOptions } from '../../lib/queries/account';
import { useDeleteAccount } from './account.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

function PlanText({ plan }: { plan: TAccountDeletionPlan }) {
  return (
    <div className="settings-plan">
      <p>
        Your sessions, API keys, provider keys and custom AIs go with your account. Projects that
        have other owners stay with them.
      </p>
      {plan.handedOver.length ? (
        <p>
          Passed to an editor, who becomes owner:{' '}
          {plan.handedOver.map((p) => `${p.name} (to ${p.to})`).join(', ')}.
        </p>
      ) : null}
      {plan.deleted.length ? (
        <p className="settings-plan__danger">
          Deleted with everything in them, as nobody else can take them over:{' '}
          <strong>{plan.deleted.map((p) => p.name).join(', ')}</strong>.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Deleting the account needs the password and, when projects would go with it, a second
 * confirmation naming them.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const plan = useQuery(deletionPlanQueryOptions());
  const remove = useDeleteAccount();
  const forgetSession = useForgetSession();
  const deletesProjects = Boolean(plan.data?.deleted.length);
  const schema = useMemo(
    () =>
      ZDeleteAccountBody.refine((body) => !deletesProjects || body.deleteProjects, {
        path: ['deleteProjects'],
        message: 'Confirm that these projects are deleted too',
      }),
    [deletesProjects],
  );
  const form = useZodForm(schema, { currentPassword: '', deleteProjects: false });

  return (
    <FormDialog
      form={form}
      header="Delete account"
      onSave={(body) => remove.mutateAsync(body)}
      onSaved={forgetSession}
      onClose={onClose}
      codeMessages={{ conflict: 'Your projects changed meanwhile: close and look again.' }}
      saveLabel="Delete my account"
      saveIcon="pi pi-trash"
      className="settings-dialog settings-dialog--danger"
    >
      <QueryState query={plan} what="your projects">
        {(data) => <PlanText plan={data} />}
      </QueryState>
      {deletesProjects ? (
        <Controller
          control={form.control}
          name="deleteProjects"
          render={({ field, fieldState }) => (
            <div className="form-field">
              <div className="settings-check">
                <Checkbox
                  inputId="delete-projects"
                  checked={field.value === true}
                  onChange={(event) => field.onChange(Boolean(event.checked))}
                  invalid={Boolean(fieldState.error)}
                />
                <label htmlFor="delete-projects">Also delete these projects</label>
              </div>
              {fieldState.error ? (
                <small className="p-error">{fieldState.error.message}</small>
              ) : null}
            </div>
          )}
        />
      ) : null}
      <PasswordField
        control={form.control}
        name="currentPassword"
        id="delete-password"
        label="Current password"
        autoComplete="current-password"
      />
    </FormDialog>
  );
}

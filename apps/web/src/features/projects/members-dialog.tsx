import { useQuery } from '@tanstack/react-query';
import { useFormState } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { TProject, TProjectUser } from '@flowsmith/shared';
import { AppDialog } from '../../components/dialog/app-dialog';
import { useUnsavedChangesGuard } from '../../components/dialog/unsaved-changes';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import { useCurrentUser } from '../../lib/auth';
import { errorText } from '../../lib/forms';
import { MemberAddForm, useMemberForm } from './member-add-form';
import { MembersTable } from './members-table';
import { useChangeMemberRole, useRemoveMember } from './projects.mutations';
import { membersQueryOptions } from '../../lib/queries/members';
import { ProjectRoleTag } from './project-role-tag';

type TMembersDialogProps = {
  project: TProject;
  onClose: () => void;
};

/**
 * Who is in a project. Owners add members, switch them between editor and viewer and remove
 * them; everyone else sees the list read-only and may leave.
 */
export function MembersDialog({ project, onClose }: TMembersDialogProps) {
  const memberForm = useMemberForm();
  // A user picked (or typed) but not added yet is asked about before the dialog closes.
  const { isDirty } = useFormState({ control: memberForm.control });
  const guard = useUnsavedChangesGuard(isDirty, onClose);
  const notify = useNotify();
  const self = useCurrentUser();
  const members = useQuery(membersQueryOptions(project.id));
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const isOwner = project.role === 'owner';
  const rows = members.data?.items ?? [];
  const selfRow = rows.find((member) => member.userId === self?.id);
  // The server refuses it too; saying why up front spares a confirm that can only fail.
  const soleOwner =
    selfRow?.role === 'owner' && rows.filter((member) => member.role === 'owner').length === 1;

  const changeCanEdit = (member: TProjectUser, canEdit: boolean) =>
    changeRole.mutate(
      { member, role: canEdit ? 'editor' : 'viewer' },
      { onError: notify.failure(`Could not change ${member.user.name}'s role`) },
    );

  // Handing ownership over is how an owner can later leave: the last owner may not.
  const confirmMakeOwner = (member: TProjectUser) =>
    confirmAction({
      header: 'Make owner',
      message: `Make ${member.user.name} an owner of ${project.name}? Owners can delete the project and manage its members.`,
      icon: 'pi pi-crown',
      acceptLabel: 'Make owner',
      destructive: false,
      accept: () =>
        changeRole.mutate(
          { member, role: 'owner' },
          { onError: notify.failure(`Could not make ${member.user.name} an owner`) },
        ),
    });

  const confirmRemove = (member: TProjectUser) =>
    confirmAction({
      header: 'Remove member',
      message: `Remove ${member.user.name} from ${project.name}? They lose access to it at once.`,
      icon: 'pi pi-user-minus',
      acceptLabel: 'Remove',
      accept: () =>
        remove.mutate(
          { member, isSelf: false },
          notify.outcome(
            'Member removed',
            member.user.name,
            `Could not remove ${member.user.name}`,
          ),
        ),
    });

  const confirmLeave = (member: TProjectUser) =>
    confirmAction({
      header: 'Leave project',
      message: `Leave ${project.name}? You lose access to it until an owner adds you again.`,
      icon: 'pi pi-sign-out',
      acceptLabel: 'Leave',
      accept: () =>
        remove.mutate(
          { member, isSelf: true },
          {
            onSuccess: () => {
              notify.success('You left the project', project.name);
              onClose();
            },
            onError: notify.failure('Could not leave the project'),
          },
        ),
    });

  // The role being saved is shown at once (and falls back if the server refuses it), so a
  // switch answers the click instead of waiting for the round trip.
  const saving = changeRole.isPending ? changeRole.variables : undefined;
  const shownRows = rows.map((member) =>
    saving && member.id === saving.member.id ? { ...member, role: saving.role } : member,
  );
  const busyMemberId =
    saving?.member.id ?? (remove.isPending ? remove.variables?.member.id : undefined) ?? null;

  const footer = (
    <div className="members-dialog__footer">
      {selfRow ? (
        <span className="members-dialog__leave">
          <Button
            type="button"
            label="Leave project"
            icon="pi pi-sign-out"
            severity="danger"
            text
            disabled={soleOwner}
            aria-describedby={soleOwner ? 'members-leave-reason' : undefined}
            onClick={() => confirmLeave(selfRow)}
          />
          {soleOwner ? (
            <small id="members-leave-reason" className="members-dialog__leave-reason">
              You are the only owner: make someone else an owner first, or delete the project.
            </small>
          ) : null}
        </span>
      ) : null}
      <Button type="button" label="Done" onClick={guard.requestClose} />
    </div>
  );

  return (
    <>
      <AppDialog
        onHide={guard.requestClose}
        header={`Members of ${project.name}`}
        footer={footer}
        className="members-dialog"
        breakpoints={{ '768px': '95vw' }}
      >
        <p className="members-dialog__role">
          Your role: <ProjectRoleTag role={project.role} />
          {isOwner ? null : <span> Only owners can add or remove members.</span>}
        </p>
        {isOwner ? (
          <MemberAddForm
            form={memberForm}
            project={project}
            memberUserIds={new Set(rows.map((member) => member.userId))}
          />
        ) : null}
        {members.isError ? (
          <Message severity="error" text={errorText(members.error)} className="w-full" />
        ) : (
          <MembersTable
            members={shownRows}
            loading={members.isPending}
            selfUserId={self?.id ?? ''}
            manage={
              isOwner
                ? {
                    busyMemberId,
                    onCanEditChange: changeCanEdit,
                    onMakeOwner: confirmMakeOwner,
                    onRemove: confirmRemove,
                  }
                : null
            }
          />
        )}
      </AppDialog>
      {guard.confirm}
    </>
  );
}

import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputSwitch } from 'primereact/inputswitch';
import type { TProjectUser } from '@flowsmith/shared';
import { ProjectRoleTag } from './project-role-tag';
import { IconButton } from '../../components/icon-button';

type TMembersTableProps = {
  members: TProjectUser[];
  loading: boolean;
  /** The caller's own user id: their own row gets no owner controls (they use "Leave"). */
  selfUserId: string;
  /** Owner controls: a "Can edit" switch and a remove button per member. */
  manage: {
    busyMemberId: string | null;
    onCanEditChange: (member: TProjectUser, canEdit: boolean) => void;
    onMakeOwner: (member: TProjectUser) => void;
    onRemove: (member: TProjectUser) => void;
  } | null;
};

function MemberCell({ member, isSelf }: { member: TProjectUser; isSelf: boolean }) {
  return (
    <div className="member-cell">
      <span className="member-cell__name">
        {member.user.name}
        {isSelf ? <span className="member-cell__you"> (you)</span> : null}
      </span>
      <span className="member-cell__email">{member.user.email}</span>
    </div>
  );
}

export function MembersTable({ members, loading, selfUserId, manage }: TMembersTableProps) {
  return (
    <DataTable
      value={members}
      dataKey="id"
      loading={loading}
      size="small"
      emptyMessage="No members."
      className="members-table"
      pt={{ table: { 'aria-label': 'Members' } }}
    >
      <Column
        header="Member"
        body={(member: TProjectUser) => (
          <MemberCell member={member} isSelf={member.userId === selfUserId} />
        )}
      />
      <Column
        header="Role"
        body={(member: TProjectUser) => <ProjectRoleTag role={member.role} />}
      />
      {manage ? (
        <Column
          header="Can edit"
          body={(member: TProjectUser) =>
            // Owners can always edit; ownership is given with "Make owner".
            member.role === 'owner' ? null : (
              <InputSwitch
                checked={member.role === 'editor'}
                disabled={manage.busyMemberId === member.id}
                aria-label={`${member.user.name} can edit`}
                onChange={(event) => manage.onCanEditChange(member, event.value)}
              />
            )
          }
        />
      ) : null}
      {manage ? (
        <Column
          header={<span className="sr-only">Actions</span>}
          bodyClassName="members-table__actions"
          body={(member: TProjectUser) =>
            member.userId === selfUserId ? null : (
              <div className="members-table__buttons">
                {member.role === 'owner' ? null : (
                  <IconButton
                    icon="pi pi-crown"
                    label={`Make ${member.user.name} an owner`}
                    tooltip="Make owner"
                    disabled={manage.busyMemberId === member.id}
                    onClick={() => manage.onMakeOwner(member)}
                  />
                )}
                <IconButton
                  icon="pi pi-user-minus"
                  label={`Remove ${member.user.name}`}
                  tooltip="Remove from project"
                  disabled={manage.busyMemberId === member.id}
                  onClick={() => manage.onRemove(member)}
                  danger
                />
              </div>
            )
          }
        />
      ) : null}
    </DataTable>
  );
}

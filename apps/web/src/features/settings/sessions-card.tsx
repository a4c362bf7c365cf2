import { useQuery } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { TSession } from '@flowsmith/shared';
import { confirmAction } from '../../components/dialog/confirm';
import { IconButton } from '../../components/icon-button';
import { QueryState } from '../../components/query-state';
import { useNotify } from '../../components/toast';
import { formatDate, formatDateTime } from '../../lib/format/date-format';
import { sessionsQueryOptions } from '../../lib/queries/account';
import { useRevokeSession } from './account.mutations';
import { deviceLabel } from './device-label';

/** Where the account is signed in; any session but this one can be signed out from here. */
export function SessionsCard() {
  const notify = useNotify();
  const list = useQuery(sessionsQueryOptions());
  const revoke = useRevokeSession();

  const confirmRevoke = (session: TSession) =>
    confirmAction({
      header: 'Sign out session',
      message: `Sign out ${deviceLabel(session.userAgent)}? It has to sign in again to use your account.`,
      acceptLabel: 'Sign out',
      accept: () =>
        revoke.mutate(
          session.id,
          notify.outcome(
            'Session signed out',
            deviceLabel(session.userAgent),
            'Could not sign it out',
          ),
        ),
    });

  return (
    <Card title="Active sessions" className="settings-card settings-card--wide">
      <QueryState query={list} what="sessions">
        {({ items }) => (
          <DataTable
            value={items}
            dataKey="id"
            size="small"
            pt={{ table: { 'aria-label': 'Active sessions' } }}
          >
            <Column
              header="Device"
              body={(row: TSession) => (
                <span className="settings-session">
                  <span className="settings-strong">{deviceLabel(row.userAgent)}</span>
                  {row.current ? <Tag value="This browser" severity="success" /> : null}
                </span>
              )}
            />
            <Column header="Address" body={(row: TSession) => row.ip ?? ''} />
            <Column header="Signed in" body={(row: TSession) => formatDate(row.createdAt)} />
            <Column header="Last active" body={(row: TSession) => formatDateTime(row.lastUsedAt)} />
            <Column
              header={<span className="sr-only">Actions</span>}
              bodyClassName="settings-actions-cell"
              body={(row: TSession) =>
                row.current ? null : (
                  <IconButton
                    icon="pi pi-sign-out"
                    label={`Sign out ${deviceLabel(row.userAgent)}`}
                    tooltip="Sign out"
                    onClick={() => confirmRevoke(row)}
                    danger
                  />
                )
              }
            />
          </DataTable>
        )}
      </QueryState>
    </Card>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import type { TMcpServer } from '@flowsmith/shared';
import { EditButton, DeleteButton } from '../../components/icon-button';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import { mcpServersQueryOptions } from '../../lib/queries/mcp-servers';
import { McpServerFormDialog } from './mcp-server-form-dialog';
import { McpToolsDialog } from './mcp-tools-dialog';
import { SettingsListSection } from './settings-table';
import { useDeleteMcpServer } from './settings.mutations';

type TDialog =
  { kind: 'form'; server: TMcpServer | null } | { kind: 'tools'; server: TMcpServer } | null;

function ToolsCell({ server }: { server: TMcpServer }) {
  if (server.enabledTools.length === 0) return <span className="settings-muted">None enabled</span>;
  return (
    <div className="settings-chips">
      {server.enabledTools.map((tool) => (
        <Tag key={tool} value={tool} className="settings-chip" />
      ))}
    </div>
  );
}

/** The caller's external MCP servers, whose enabled tools their custom AIs may call. */
export function McpServersSection() {
  const notify = useNotify();
  const list = useQuery(mcpServersQueryOptions());
  const remove = useDeleteMcpServer();
  const [dialog, setDialog] = useState<TDialog>(null);

  const confirmDelete = (server: TMcpServer) =>
    confirmAction({
      header: 'Delete MCP server',
      message: `Delete ${server.name}? Custom AIs stop offering its tools.`,
      acceptLabel: 'Delete',
      accept: () =>
        remove.mutate(
          server.id,
          notify.outcome('MCP server deleted', server.name, `Could not delete ${server.name}`),
        ),
    });

  return (
    <SettingsListSection
      id="settings-mcp-servers"
      title="MCP servers"
      description="Tool servers your custom AIs may call (Model Context Protocol, Streamable HTTP). Header values are stored encrypted and never shown again."
      query={list}
      what="MCP servers"
      label="MCP servers"
      add={{ label: 'Add MCP server', onClick: () => setDialog({ kind: 'form', server: null }) }}
      empty={{
        icon: 'pi pi-sitemap',
        title: 'No MCP servers yet',
        text: 'Add the address of an MCP server to let your custom AIs search, read or act through its tools. You choose which tools; each custom AI chooses which servers.',
      }}
      actions={(row: TMcpServer) => (
        <>
          <Button
            label="Tools"
            icon="pi pi-wrench"
            size="small"
            outlined
            aria-label={`Tools of ${row.name}`}
            onClick={() => setDialog({ kind: 'tools', server: row })}
          />
          <EditButton name={row.name} onClick={() => setDialog({ kind: 'form', server: row })} />
          <DeleteButton name={row.name} onClick={() => confirmDelete(row)} />
        </>
      )}
      dialogs={
        <>
          {dialog?.kind === 'form' ? (
            <McpServerFormDialog
              server={dialog.server}
              onClose={() => setDialog(null)}
              onAdded={(server) => setDialog({ kind: 'tools', server })}
            />
          ) : null}
          {dialog?.kind === 'tools' ? (
            <McpToolsDialog server={dialog.server} onClose={() => setDialog(null)} />
          ) : null}
        </>
      }
    >
      <Column header="Name" field="name" bodyClassName="settings-strong" />
      <Column
        header="URL"
        body={(row: TMcpServer) => <code className="settings-code">{row.url}</code>}
      />
      <Column
        header="Headers"
        body={(row: TMcpServer) =>
          row.headerNames.length ? (
            row.headerNames.join(', ')
          ) : (
            <span className="settings-muted">None</span>
          )
        }
      />
      <Column header="Tools" body={(row: TMcpServer) => <ToolsCell server={row} />} />
    </SettingsListSection>
  );
}

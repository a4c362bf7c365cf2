import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import type { TMcpServer, TMcpTool } from '@flowsmith/shared';
import { AppDialog } from '../../components/dialog/app-dialog';
import { FormDialog } from '../../components/dialog/form-dialog';
import { BoundField } from '../../components/form/bound-field';
import { LoadError, LoadingBlock } from '../../components/query-state';
import { useNotify } from '../../components/toast';
import { mcpToolsQueryOptions } from '../../lib/queries/mcp-servers';
import { useUpdateMcpServer } from './settings.mutations';

type TToolsProps = { server: TMcpServer; onClose: () => void };

function ToolChoices({ server, tools, onClose }: TToolsProps & { tools: TMcpTool[] }) {
  const notify = useNotify();
  const update = useUpdateMcpServer();
  // A tool enabled before that the server no longer offers stays enabled until saved without it.
  const form = useForm({ defaultValues: { enabledTools: server.enabledTools } });

  const save = async ({ enabledTools }: { enabledTools: string[] }) => {
    const offered = new Set(tools.map((t) => t.name));
    await update.mutateAsync({
      id: server.id,
      body: { enabledTools: enabledTools.filter((name) => offered.has(name)) },
    });
    notify.success('Tools saved', server.name);
  };

  return (
    <FormDialog
      form={form}
      header={`Tools of ${server.name}`}
      onSave={save}
      onClose={onClose}
      className="settings-dialog"
    >
      <BoundField
        control={form.control}
        name="enabledTools"
        id="mcp-tools"
        label="Tools custom AIs may use"
        hint={
          tools.length
            ? 'A custom AI that names this server may call the checked tools while it answers.'
            : 'This server offers no tools.'
        }
        render={(field, a11y) => (
          <ul
            className="settings-tool-list"
            id={a11y.id}
            aria-describedby={a11y['aria-describedby']}
          >
            {tools.map((tool) => {
              const id = `mcp-tool-${tool.name}`;
              const checked = field.value.includes(tool.name);
              return (
                <li key={tool.name} className="settings-check">
                  <Checkbox
                    inputId={id}
                    checked={checked}
                    onChange={() =>
                      field.onChange(
                        checked
                          ? field.value.filter((name) => name !== tool.name)
                          : [...field.value, tool.name],
                      )
                    }
                  />
                  <label htmlFor={id}>
                    <code className="settings-code">{tool.name}</code>
                    {tool.description ? (
                      <span className="settings-muted"> {tool.description}</span>
                    ) : null}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      />
    </FormDialog>
  );
}

/** The tools an MCP server offers now, each to enable or not; asks the server when opened. */
export function McpToolsDialog({ server, onClose }: TToolsProps) {
  const tools = useQuery(mcpToolsQueryOptions(server.id));
  if (tools.data) return <ToolChoices server={server} tools={tools.data.items} onClose={onClose} />;
  return (
    <AppDialog onHide={onClose} header={`Tools of ${server.name}`} className="settings-dialog">
      {tools.isError ? (
        <LoadError what="its tools" error={tools.error} onRetry={() => void tools.refetch()} />
      ) : (
        <LoadingBlock label={`Asking ${server.name}`} />
      )}
    </AppDialog>
  );
}

import { Checkbox } from 'primereact/checkbox';
import type { TMcpServer } from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { BoundField } from '../../components/form/bound-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { useNotify } from '../../components/toast';
import {
  MCP_SERVER_FIELDS,
  mcpServerFormDefaults,
  mcpServerFormSchema,
  toCreateBody,
  toUpdateBody,
  type TMcpServerFormValues,
} from './mcp-server-form';
import { useCreateMcpServer, useUpdateMcpServer } from './settings.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

type TMcpServerFormDialogProps = {
  /** The server to edit, or null to add one. */
  server: TMcpServer | null;
  onClose: () => void;
  /** After adding one (instead of closing): to pick its tools next. */
  onAdded: (server: TMcpServer) => void;
};

/** Add or edit an MCP server. Saved header values are never shown: blank keeps them. */
export function McpServerFormDialog({ server, onClose, onAdded }: TMcpServerFormDialogProps) {
  const notify = useNotify();
  const create = useCreateMcpServer();
  const update = useUpdateMcpServer();
  const form = useZodForm(mcpServerFormSchema, mcpServerFormDefaults(server));
  const saved = server?.headerNames ?? [];

  /** The server added, or null after an edit. */
  const save = async (values: TMcpServerFormValues): Promise<TMcpServer | null> => {
    if (server) {
      const updated = await update.mutateAsync({ id: server.id, body: toUpdateBody(values) });
      notify.success('MCP server saved', updated.name);
      return null;
    }
    const created = await create.mutateAsync(toCreateBody(values));
    notify.success('MCP server added', `${created.name}: now choose which of its tools to use.`);
    return created;
  };

  return (
    <FormDialog
      form={form}
      header={server ? `Edit ${server.name}` : 'Add MCP server'}
      onSave={save}
      onSaved={(added) => (added ? onAdded(added) : onClose())}
      onClose={onClose}
      serverFields={MCP_SERVER_FIELDS}
      className="settings-dialog"
    >
      <TextField
        control={form.control}
        name="name"
        id="mcp-server-name"
        label="Name"
        hint="Also the start of its tools’ names, e.g. “Search”."
      />
      <TextField
        control={form.control}
        name="url"
        id="mcp-server-url"
        label="URL"
        hint="Its Streamable HTTP endpoint."
        type="url"
        placeholder="https://mcp.example.com/mcp"
      />
      <TextAreaField
        control={form.control}
        name="headers"
        id="mcp-server-headers"
        label="Headers (optional)"
        hint={
          saved.length
            ? `Saved: ${saved.join(', ')}. Leave blank to keep them; lines typed here replace them all.`
            : 'One per line, as Name: value (e.g. Authorization: Bearer …). Stored encrypted.'
        }
        placeholder="Authorization: Bearer …"
        autoComplete="off"
        spellCheck={false}
      />
      {saved.length ? (
        <BoundField
          control={form.control}
          name="clearHeaders"
          id="mcp-server-clear-headers"
          label="Saved headers"
          render={(field, a11y) => (
            <div className="settings-check">
              <Checkbox
                inputId={a11y.id}
                aria-describedby={a11y['aria-describedby']}
                checked={field.value === true}
                onChange={(event) => field.onChange(Boolean(event.checked))}
              />
              <label htmlFor={a11y.id}>Remove the saved headers</label>
            </div>
          )}
        />
      ) : null}
    </FormDialog>
  );
}

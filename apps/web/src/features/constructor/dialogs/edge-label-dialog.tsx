import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { TextField } from '../../../components/form/text-field';
import { useCanvasUi } from '../canvas/canvas-context';

const MAX_LABEL = 200;
const ZEdgeLabel = z.object({
  label: z.string().max(MAX_LABEL, `Label must be at most ${MAX_LABEL} characters`).trim(),
});

type TEdgeLabelDialogProps = { edgeId: string; label: string; onClose: () => void };

/** The optional label of a connection; empty removes it. */
export function EdgeLabelDialog({ edgeId, label, onClose }: TEdgeLabelDialogProps) {
  const { commands } = useCanvasUi();
  const form = useForm({ resolver: zodResolver(ZEdgeLabel), defaultValues: { label } });
  return (
    <FormDialog
      form={form}
      header="Connection label"
      onSave={(values) => commands.saveEdgeLabel(edgeId, values.label)}
      onClose={onClose}
      className="canvas-dialog canvas-dialog--small"
    >
      <TextField
        control={form.control}
        name="label"
        id="edge-label"
        label="Label"
        hint="Shown at the middle of the connection; leave empty for none."
      />
    </FormDialog>
  );
}

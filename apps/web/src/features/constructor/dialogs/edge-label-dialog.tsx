import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import type { TFieldVersions, TNodeConnection } from '@flowsmith/shared';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { TextField } from '../../../components/form/text-field';
import { isApiError } from '../../../lib/api';
import { useCanvasUi } from '../canvas/canvas-context';
import type { TEdgeBase } from '../state/canvas-commands';
import { conflictFields } from '../state/node-writes';
import { EditNotice, resubmit } from './edit-notice';
import { changedSince } from './remote-edits';
import { useZodForm } from '../../../components/form/use-zod-form';

const MAX_LABEL = 200;
const ZEdgeLabel = z.object({
  label: z.string().max(MAX_LABEL, `Label must be at most ${MAX_LABEL} characters`).trim(),
});

type TEdgeLabelDialogProps = {
  edgeId: string;
  label: string;
  versions: TFieldVersions;
  onClose: () => void;
};

/**
 * The optional label of a connection; empty removes it. Another member's label saved while it
 * is open replaces an untouched field and says so; a save refused because they changed it
 * meanwhile shows theirs next to the user's kept text (use mine / use theirs).
 */
export function EdgeLabelDialog({ edgeId, label, versions, onClose }: TEdgeLabelDialogProps) {
  const { readOnly, commands } = useCanvasUi();
  const form = useZodForm(ZEdgeLabel, { label });
  const base = useRef<TEdgeBase>({ label, versions });
  const saving = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [conflict, setConflict] = useState<TNodeConnection | null>(null);

  useEffect(() => {
    if (saving.current || !changedSince(base.current.versions, versions).includes('label')) return;
    if (!form.getFieldState('label').isDirty) {
      base.current = { label, versions: { ...base.current.versions, label: versions.label ?? 0 } };
      form.resetField('label', { defaultValue: label });
    }
    setChangedElsewhere(true);
  }, [label, versions, form]);

  /** Resolves true once saved, false when refused because of another member's label. */
  const save = async (values: { label: string }) => {
    saving.current = true;
    try {
      await commands.saveEdgeLabel(edgeId, values.label, base.current);
      return true;
    } catch (error) {
      if (!conflictFields(error).length || !isApiError(error)) throw error;
      setConflict(error.current as TNodeConnection);
      return false;
    } finally {
      saving.current = false;
    }
  };

  const adopt = (current: TNodeConnection, theirs: boolean) => {
    const versions = { ...base.current.versions, label: current.versions.label ?? 0 };
    base.current = { label: theirs ? current.label : base.current.label, versions };
    if (theirs) form.setValue('label', current.label, { shouldDirty: true });
    setConflict(null);
  };

  return (
    <FormDialog
      form={form}
      header="Connection label"
      onSave={save}
      onSaved={(saved) => saved && onClose()}
      onClose={onClose}
      readOnly={readOnly}
      className="canvas-dialog canvas-dialog--small"
    >
      <div ref={wrapper}>
        <EditNotice
          conflict={conflict && ['label']}
          labelOf={() => 'Label'}
          theirValue={() => conflict?.label}
          changedElsewhere={
            changedElsewhere ? 'Another member changed this label while you were editing.' : null
          }
          onUseMine={() => {
            if (conflict) adopt(conflict, false);
            resubmit(wrapper.current);
          }}
          onUseTheirs={() => conflict && adopt(conflict, true)}
        />
        <TextField
          control={form.control}
          name="label"
          id="edge-label"
          label="Label"
          disabled={readOnly}
          hint="Shown at the middle of the connection; leave empty for none."
        />
      </div>
    </FormDialog>
  );
}

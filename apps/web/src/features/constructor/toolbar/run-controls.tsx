import { useState } from 'react';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../lib/forms';
import { isApiError } from '../../../lib/api';
import { runKeys } from '../../../lib/queries/runs';
import { useCanvasUi } from '../canvas/canvas-context';
import { useRunGoing, useRunLauncher } from '../canvas/use-run-launcher';
import { cancelLiveRun } from '../state/run-actions';
import { statusSeverity } from '../../../lib/format/run-format';
import { toggleHistory, useRunStore } from '../state/run-store';
import { checkedKind, nodesNeedingAttention } from '../core/run-check';
import { openDialog, useCanvasStore } from '../state/canvas-store';

/** How the live run stands, with its error when it failed. */
function LiveRunStatus() {
  const status = useRunStore((state) => state.live?.status ?? null);
  const error = useRunStore((state) => state.live?.error ?? null);
  if (!status) return null;
  return (
    <Tag
      value={`Run ${status}`}
      severity={statusSeverity(status)}
      title={error ?? undefined}
      data-testid="live-run-status"
    />
  );
}

/** Run the whole canvas, cancel the live run, and open the run history. */
export function RunControls() {
  const { readOnly, commands, catalog } = useCanvasUi();
  const going = useRunGoing();
  const historyOpen = useRunStore((state) => state.historyOpen);
  const { launch, asking } = useRunLauncher();
  const [cancelling, setCancelling] = useState(false);
  const queryClient = useQueryClient();

  // Checked first: one unconfigured node would fail the whole run, however unrelated.
  const runCanvas = () => {
    const attention = nodesNeedingAttention(useCanvasStore.getState().nodes, (kind) =>
      checkedKind(catalog.byKind.get(kind)),
    );
    if (attention.length) openDialog({ kind: 'run-check', nodes: attention });
    else void launch({ nodeGroupId: null }, 'the whole canvas');
  };

  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelLiveRun();
    } catch (error) {
      // 409: it finished meanwhile; its last events say how.
      if (!isApiError(error) || error.status !== 409)
        commands.deps.notify('error', 'The run could not be cancelled', errorText(error));
    } finally {
      setCancelling(false);
      void queryClient.invalidateQueries({ queryKey: runKeys.history(commands.deps.projectId) });
    }
  };

  return (
    <>
      {readOnly ? null : (
        <>
          <Button
            label="Run"
            icon="pi pi-play"
            size="small"
            aria-label="Run the whole canvas"
            tooltip={going ? 'A run is going: wait for it or cancel it' : 'Run every workflow'}
            tooltipOptions={{ showOnDisabled: true }}
            disabled={going}
            loading={asking}
            data-testid="run-canvas"
            onClick={runCanvas}
          />
          {going ? (
            <Button
              label="Cancel run"
              icon="pi pi-stop-circle"
              size="small"
              severity="danger"
              outlined
              loading={cancelling}
              data-testid="cancel-run"
              onClick={() => void cancel()}
            />
          ) : null}
        </>
      )}
      <LiveRunStatus />
      <Button
        icon="pi pi-history"
        text
        rounded
        aria-label="Run history"
        aria-pressed={historyOpen}
        tooltip="Run history"
        className={historyOpen ? 'canvas-toolbar__toggle--on' : undefined}
        data-testid="run-history-toggle"
        onClick={toggleHistory}
      />
    </>
  );
}

import { useCallback, useState } from 'react';
import { errorText } from '../../../lib/forms';
import type { TRunTarget } from '../../../lib/queries/runs';
import { isFinished } from '../core/run-state';
import { requestRun } from '../state/run-actions';
import { useRunStore } from '../state/run-store';
import { useCanvasUi } from './canvas-context';

/** True while the live run has not finished: a second one waits, so Cancel stays in reach. */
export const useRunGoing = () =>
  useRunStore((state) => Boolean(state.live && !isFinished(state.live.status)));

/** The Run actions of the toolbar and of group headers: ask for inputs or start, report errors. */
export function useRunLauncher() {
  const { commands } = useCanvasUi();
  const [asking, setAsking] = useState(false);
  const launch = useCallback(
    async (target: TRunTarget, label: string) => {
      setAsking(true);
      try {
        await requestRun(commands.deps.projectId, target, label);
      } catch (error) {
        commands.deps.notify('error', 'The run could not start', errorText(error));
      } finally {
        setAsking(false);
      }
    },
    [commands],
  );
  return { launch, asking };
}

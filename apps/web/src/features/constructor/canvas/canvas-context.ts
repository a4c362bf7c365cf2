import { createContext, useContext } from 'react';
import type { TCatalog } from '../api/canvas.queries';
import type { CanvasCommands } from '../state/canvas-commands';

/**
 * What node and edge views need besides their own data. The value is made once per open
 * canvas, so reading it never re-renders a memoised node.
 */
export type TCanvasUi = { catalog: TCatalog; readOnly: boolean; commands: CanvasCommands };

export const CanvasUiContext = createContext<TCanvasUi | null>(null);

export function useCanvasUi(): TCanvasUi {
  const value = useContext(CanvasUiContext);
  if (!value) throw new Error('useCanvasUi must be used inside <CanvasUiContext>');
  return value;
}

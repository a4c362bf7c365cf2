import { useEffect } from 'react';
import { copySelection, duplicateSelection, pasteClipboard } from '../state/clipboard-commands';
import type { CanvasCommands } from '../state/canvas-commands';
import { selectOnly } from '../state/canvas-updates';
import { useCanvasStore } from '../state/canvas-store';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The canvas shortcuts: undo (Ctrl+Z), redo (Ctrl+Shift+Z, Ctrl+Y), copy, paste, duplicate
 * (Ctrl+C/V/D), select all (Ctrl+A) and Delete/Backspace. They stay out of the way while
 * the user types in a field or a dialog is open.
 */
export function useCanvasKeyboard(commands: CanvasCommands) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      if (useCanvasStore.getState().dialog || document.querySelector('.p-dialog-mask')) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      let action: (() => unknown) | null = null;
      if (mod && key === 'z')
        action = event.shiftKey ? () => commands.redo() : () => commands.undo();
      else if (mod && key === 'y') action = () => commands.redo();
      else if (mod && key === 'c') action = copySelection;
      else if (mod && key === 'v') action = () => pasteClipboard(commands);
      else if (mod && key === 'd') action = () => duplicateSelection(commands);
      else if (mod && key === 'a')
        action = () => selectOnly(useCanvasStore.getState().nodes.map((node) => node.id));
      else if (!mod && (event.key === 'Delete' || event.key === 'Backspace'))
        action = () => commands.deleteSelection();
      if (!action) return;
      event.preventDefault();
      void action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [commands]);
}

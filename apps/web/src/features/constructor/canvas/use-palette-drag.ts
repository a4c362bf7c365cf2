import { useEffect, useState } from 'react';
import { PALETTE_MIME } from './palette-mime';

/**
 * True from the moment a node kind is picked up in the palette: the template gallery over an empty
 * canvas steps aside before the pointer reaches it, so the drop lands on the canvas anywhere.
 */
export function usePaletteDrag() {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    const start = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes(PALETTE_MIME)) setDragging(true);
    };
    const end = () => setDragging(false);
    document.addEventListener('dragstart', start);
    document.addEventListener('dragend', end);
    document.addEventListener('drop', end);
    return () => {
      document.removeEventListener('dragstart', start);
      document.removeEventListener('dragend', end);
      document.removeEventListener('drop', end);
    };
  }, []);
  return dragging;
}

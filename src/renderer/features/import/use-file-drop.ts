/** Window-wide file drag and drop: whether files are being dragged over the page, and the drop itself. */
import { useEffect, useRef, useState } from 'react';
import { captureDrop } from './dropped-files';
import type { DropItem } from './dropped-files';

/** Whether a drag carries files (not text or links dragged inside the page). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** Listens on the window while mounted; `dragging` is true while files hover over it. */
export function useFileDrop(onDrop: (items: DropItem[]) => void): { dragging: boolean } {
  const [dragging, setDragging] = useState(false);
  const latest = useRef(onDrop);
  useEffect(() => {
    latest.current = onDrop;
  });
  useEffect(() => {
    // dragenter/dragleave fire for every child crossed: count them to know when the drag left the window.
    let depth = 0;
    const enter = (event: DragEvent): void => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent): void => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent): void => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent): void => {
      depth = 0;
      setDragging(false);
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      latest.current(captureDrop(event.dataTransfer));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return { dragging };
}

/** The drop zone of a screen that takes files (the document bar, the comparison): its handlers, one way. */
import { useState, type DragEvent } from 'react';
import { readDroppedFile, type DropWhat, type DroppedFile } from './dropped-file';

/**
 * A drop zone's handlers and whether something is dragged over it; `onFiles` gets every dropped file,
 * read as `readDroppedFile` reads them, in the order dropped.
 */
export function useFileDrop(what: DropWhat, onFiles: (files: DroppedFile[]) => void) {
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      const files: File[] = Array.from(e.dataTransfer.files);
      if (files.length > 0) void Promise.all(files.map((f) => readDroppedFile(f, what))).then(onFiles);
    },
  };
  return { dragging, handlers };
}

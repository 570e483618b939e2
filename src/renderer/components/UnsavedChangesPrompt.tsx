/**
 * The question before new, open or close drops unsaved edits of the open experiment: save first, let
 * them go, or stay. Mounted once by the shell; lib/documents.ts asks it and waits for the answer.
 */
import { useDocuments } from '../lib/documents';

export function UnsavedChangesPrompt() {
  const unsaved = useDocuments((s) => s.unsaved);
  const answer = useDocuments((s) => s.answerUnsaved);
  if (!unsaved) return null;
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" data-testid="unsaved-prompt">
        <h3>Unsaved changes</h3>
        <p>
          <strong>{unsaved.name}</strong> has changes that are not saved. Save them before you{' '}
          {unsaved.action}?
        </p>
        <div className="actions">
          <button type="button" className="primary" data-testid="unsaved-save" onClick={() => answer('save')}>
            Save
          </button>
          <button type="button" data-testid="unsaved-discard" onClick={() => answer('discard')}>
            Don’t save
          </button>
          <button type="button" data-testid="unsaved-cancel" onClick={() => answer('cancel')}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}

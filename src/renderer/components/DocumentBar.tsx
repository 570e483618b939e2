/**
 * The open experiment file: its name (and whether it has unsaved edits), New, Open, Save, Save as, the
 * recent files (a missing one says so), and, in browser mode, a path field for open and save as and a
 * drop zone for a *.bplab.json file. Load errors are shown as main words them (file, path in it, fault).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { formatTimestamp } from '../../shared/format';
import { onEvent } from '../lib/api';
import { runFileCommand } from '../lib/file-commands';
import { useDocuments } from '../lib/documents';
import type { DroppedFile } from '../lib/dropped-file';
import { useFileDrop } from '../lib/file-drop';
import { ErrorMessage } from './ErrorMessage';

export function DocumentBar() {
  const { current, dirty, recent, error, busy, ask, open, openFromBytes, answerPath, loadRecent } =
    useDocuments();
  // One file opens (the first dropped): by its path in the desktop app, by its text in browser mode.
  const { dragging, handlers } = useFileDrop('a bplab experiment file', ([file]: DroppedFile[]) => {
    if (!file) return;
    if (file.kind === 'path') void open(file.path);
    else if (file.kind === 'text') void openFromBytes(file.name, file.text);
    else useDocuments.setState({ error: file.error });
  });

  useEffect(() => {
    void loadRecent();
    // Opened, saved, or cleared from the desktop app's File › Open Recent: the list follows.
    return onEvent('experiments/recent-changed', () => void loadRecent());
  }, [loadRecent]);

  return (
    <div
      className={dragging ? 'panel document-bar dragging' : 'panel document-bar'}
      data-testid="document-bar"
      {...handlers}
    >
      <div className="panel-head">
        <h2 className="truncate" data-testid="document-name" title={current?.path ?? undefined}>
          {current ? current.name : 'No experiment open'}
          {dirty && (
            <span className="tag" data-testid="document-dirty">
              unsaved
            </span>
          )}
        </h2>
        <div className="actions">
          <button type="button" data-testid="file-new" onClick={() => void runFileCommand('file.new')}>
            New
          </button>
          <button type="button" data-testid="file-open" onClick={() => void runFileCommand('file.open')}>
            Open…
          </button>
          <button
            type="button"
            data-testid="file-save"
            disabled={!current || busy !== null}
            onClick={() => void runFileCommand('file.save')}
          >
            Save
          </button>
          <button
            type="button"
            data-testid="file-save-as"
            disabled={!current || busy !== null}
            onClick={() => void runFileCommand('file.saveAs')}
          >
            Save as…
          </button>
        </div>
      </div>
      {current?.path && (
        <p className="muted truncate" data-testid="document-path" title={current.path}>
          {current.path}
        </p>
      )}
      {ask && <PathField key={ask} kind={ask} onAnswer={(path) => void answerPath(path)} />}
      {busy && <p className="muted">{busy === 'opening' ? 'Opening…' : 'Saving…'}</p>}
      <ErrorMessage error={error} testId="document-error" />
      {recent.length > 0 && (
        <details className="recent-files">
          <summary>Recent files</summary>
          <ul className="list">
            {recent.map((r) => (
              <li key={r.file}>
                <button
                  type="button"
                  className="list-item"
                  data-testid="recent-file"
                  data-exists={r.exists ? 'yes' : 'no'}
                  title={r.file}
                  onClick={() => void open(r.file)}
                >
                  <span className="list-title truncate">{r.name}</span>
                  <span className="muted truncate">
                    {r.exists ? formatTimestamp(r.usedAt) : 'missing: the file is no longer there'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
      <p className="muted drop-hint">Or drop a *.bplab.json file here.</p>
    </div>
  );
}

function PathField({ kind, onAnswer }: { kind: 'open' | 'save-as'; onAnswer(path: string | null): void }) {
  const [path, setPath] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onAnswer(path);
  };
  return (
    <form className="path-field" data-testid="document-path-form" onSubmit={submit}>
      <label className="field">
        <span>
          {kind === 'open' ? 'Path of the file to open' : 'Save to (a path on the machine running bplab)'}
        </span>
        <input
          autoFocus
          data-testid="document-path-input"
          value={path}
          placeholder="/home/me/experiments/post001.bplab.json"
          onChange={(e) => setPath(e.target.value)}
        />
      </label>
      <div className="actions">
        <button type="submit" className="primary" data-testid="document-path-submit">
          {kind === 'open' ? 'Open' : 'Save'}
        </button>
        <button type="button" onClick={() => onAnswer(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The chosen server's buffer pool, read back from it; on a sandbox, the size to resize it to (kept
 * across restarts), the refusal beside the field, and what the resize did.
 */
import { useEffect } from 'react';
import { TextField } from '../../../components/Field';
import { useNavigation } from '../../../lib/navigation';
import { useServerSession } from '../../../lib/server-session';
import { followPoolResize, usePoolResize } from '../stores/pool-resize-store';
import { useQueries } from '../stores/queries-store';
import { resizeControl, resizeTarget } from '../utils/pool-resize';

export function PoolSizeControl() {
  const { poolSize, starting } = useQueries();
  const { target, form, error, resizing, phase, outcome, busy } = usePoolResize();
  const { aim, change, readTasks, resize } = usePoolResize();
  const profiles = useServerSession((s) => s.profiles);
  const chosen = useServerSession((s) => s.profileId);
  const visit = useNavigation((s) => s.visit);
  const sandboxId = resizeTarget(profiles, chosen)?.sandboxId ?? null;

  useEffect(() => followPoolResize(), []);
  useEffect(() => {
    // What this process runs on the sandbox is read again on every visit (a run started here since).
    aim(sandboxId && chosen ? { sandboxId, profileId: chosen } : null);
    void readTasks();
  }, [aim, readTasks, sandboxId, chosen, visit]);

  if (!poolSize) return null;
  if (!target)
    return (
      <p className="field" data-testid="queries-pool-size">
        <span>Buffer pool</span>
        <span>
          <span data-testid="queries-pool-size-value">{poolSize}</span>{' '}
          <span className="muted">
            (to run at other sizes, vary innodb_buffer_pool_size in an experiment, or use a sandbox)
          </span>
        </span>
      </p>
    );
  const control = resizeControl({ busy, starting, resizing });
  const said = phase ?? control.note ?? outcome;
  // In the screen's top row: the size, the field and Resize beside the connection and schema, and
  // under the row what is under way, what stops it, or what it did.
  return (
    <>
      <p className="field" data-testid="queries-pool-size">
        <span>Buffer pool</span>
        <strong data-testid="queries-pool-size-value">{poolSize}</strong>
      </p>
      <form
        className="pool-resize"
        onSubmit={(e) => {
          e.preventDefault();
          if (!control.disabled) void resize();
        }}
      >
        <TextField
          form={form}
          errors={{ size: error ?? undefined }}
          change={change}
          name="size"
          label="Resize to (kept across restarts)"
          placeholder="e.g. 64M, 1G"
          testId="queries-pool-resize-size"
        />
        <button type="submit" data-testid="queries-pool-resize" disabled={control.disabled}>
          {resizing ? 'Resizing…' : 'Resize'}
        </button>
      </form>
      {said && (
        <p
          className={control.note && !phase ? 'pool-resize-said muted' : 'pool-resize-said'}
          data-testid="queries-pool-resize-said"
        >
          {said}
        </p>
      )}
    </>
  );
}

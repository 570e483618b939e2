/** The one Cancel button of a long job: it says "Cancelling…" and stays disabled once asked. */
export function CancelButton({
  cancelling,
  onCancel,
  testId,
  label = 'Cancel',
  danger = true,
  disabled = false,
}: {
  cancelling: boolean;
  onCancel: () => void | Promise<void>;
  testId: string;
  label?: string;
  /** Drawn as a destructive action (the red button), as most are. */
  danger?: boolean;
  /** Disabled for another reason too (the job's id is not known yet). */
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={danger ? 'danger' : undefined}
      data-testid={testId}
      disabled={cancelling || disabled}
      onClick={() => void onCancel()}
    >
      {cancelling ? 'Cancelling…' : label}
    </button>
  );
}

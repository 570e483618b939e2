/**
 * A destructive action asked twice: the button, then the confirmation beside a "Keep" that backs
 * out. Test ids are `${testId}`, `${testId}-confirm` and `${testId}-cancel`.
 */
export function ConfirmDanger({
  confirming,
  label,
  confirmLabel,
  testId,
  disabled,
  title,
  askClassName = 'danger',
  onAsk,
  onConfirm,
  onKeep,
}: {
  /** Whether the confirmation is showing. */
  confirming: boolean;
  /** The first button's words ("Drop", or "Dropping…" while it works). */
  label: string;
  /** The confirming button's words, naming what goes ("Drop ssb_sf1"). */
  confirmLabel: string;
  testId: string;
  disabled?: boolean;
  title?: string | undefined;
  /** The first button's look: 'danger', or 'link-button' where a row's link is enough until asked. */
  askClassName?: 'danger' | 'link-button';
  onAsk: () => void;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  if (confirming)
    return (
      <>
        <button type="button" className="danger" data-testid={`${testId}-confirm`} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" data-testid={`${testId}-cancel`} onClick={onKeep}>
          Keep
        </button>
      </>
    );
  return (
    <button
      type="button"
      className={askClassName}
      data-testid={testId}
      disabled={disabled}
      title={title}
      onClick={onAsk}
    >
      {label}
    </button>
  );
}

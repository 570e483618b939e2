/** A list's status in words, when it has no rows to show (see lib/list-status.ts). */
import { listMessage, type ListStatus } from '../lib/list-status';

export function ListStatusView({
  status,
  noun,
  empty,
  testId,
}: {
  status: ListStatus;
  noun: string;
  empty: string;
  /** The testid of the message: `<testId>` when empty, `<testId>-status` otherwise. */
  testId: string;
}) {
  const message = listMessage(status, noun, empty);
  if (!message) return null;
  const id = message.kind === 'empty' ? testId : `${testId}-status`;
  if (!message.bad)
    return (
      <p className="muted" data-testid={id} data-kind={message.kind}>
        {message.text}
      </p>
    );
  return (
    <div
      className="error"
      role="alert"
      data-testid={id}
      data-kind={message.kind}
      data-code={
        status.kind === 'listed' || status.kind === 'empty' || status.kind === 'loading'
          ? undefined
          : status.error.code
      }
    >
      <div className="error-message">{message.text}</div>
      {message.detail && <div className="error-detail">{message.detail}</div>}
      {message.hint && <div className="error-hint">{message.hint}</div>}
    </div>
  );
}

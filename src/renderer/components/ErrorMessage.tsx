/** An AppError in words: what failed, and what to do about it. */
import type { AppError } from '../../shared/result';

export function ErrorMessage({
  error,
  testId = 'error',
}: {
  error: AppError | null | undefined;
  testId?: string;
}) {
  if (!error) return null;
  return (
    <div className="error" role="alert" data-testid={testId} data-code={error.code}>
      <div className="error-message">{error.message}</div>
      {error.hint && <div className="error-hint">{error.hint}</div>}
    </div>
  );
}

/**
 * Asks for a profile's password when main has none for it in this session (PASSWORD_REQUIRED), or
 * again when the server refused the one typed. Mounted once by the shell; lib/server-session.ts
 * opens it and retries the request with the answer.
 */
import { useState, type FormEvent } from 'react';
import type { AppError } from '../../shared/result';
import { useServerSession } from '../lib/server-session';
import { ErrorMessage } from './ErrorMessage';

export function PasswordPrompt() {
  const prompt = useServerSession((s) => s.prompt);
  const answerPassword = useServerSession((s) => s.answerPassword);
  if (!prompt) return null;
  // Keyed by the ask, so each ask starts with an empty field.
  return (
    <PasswordForm
      key={`${prompt.profileId}:${prompt.refused?.message ?? ''}`}
      name={prompt.name}
      user={prompt.user}
      refused={prompt.refused}
      onAnswer={answerPassword}
    />
  );
}

function PasswordForm({
  name,
  user,
  refused,
  onAnswer,
}: {
  name: string;
  user: string;
  refused: AppError | null;
  onAnswer(password: string | null): void;
}) {
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onAnswer(password);
  };
  return (
    <div className="modal-backdrop">
      <form className="modal" data-testid="password-prompt" onSubmit={submit}>
        <h3>Password needed</h3>
        <p>
          bplab has no password for <strong>{name}</strong>
          {user ? ` (user ${user})` : ''} in this session. It is kept in memory only.
        </p>
        <ErrorMessage error={refused} testId="password-prompt-refused" />
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            autoFocus
            autoComplete="off"
            data-testid="password-prompt-input"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <div className="actions">
          <button type="submit" className="primary" data-testid="password-prompt-submit">
            Connect
          </button>
          <button type="button" data-testid="password-prompt-cancel" onClick={() => onAnswer(null)}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

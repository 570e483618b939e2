/** Asks for a profile's password when main has none for it in this session (PASSWORD_REQUIRED). */
import { useState, type FormEvent } from 'react';

export interface PasswordPromptProps {
  profileName: string;
  user?: string;
  onSubmit(password: string): void;
  onCancel(): void;
}

export function PasswordPrompt({ profileName, user, onSubmit, onCancel }: PasswordPromptProps) {
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(password);
  };
  return (
    <div className="modal-backdrop">
      <form className="modal" data-testid="password-prompt" onSubmit={submit}>
        <h3>Password needed</h3>
        <p>
          bplab has no password for <strong>{profileName}</strong>
          {user ? ` (user ${user})` : ''} in this session. It is kept in memory only.
        </p>
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
          <button type="button" data-testid="password-prompt-cancel" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

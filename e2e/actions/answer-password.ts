import type { Page } from '@playwright/test';

/** Types a password into the prompt bplab shows when a server asks for one, and connects. */
export async function answerPassword(page: Page, password: string): Promise<void> {
  const prompt = page.getByTestId('password-prompt');
  await prompt.waitFor();
  await prompt.getByTestId('password-prompt-input').fill(password);
  await prompt.getByTestId('password-prompt-submit').click();
}

/**
 * Drops files on an element as a user drags them from the file manager: a DataTransfer built in the
 * page holding each file's bytes, then dragover and drop. Run in the page as a string: the e2e is
 * compiled without DOM types.
 */
import type { Page } from '@playwright/test';

export interface FileToDrop {
  name: string;
  bytes: Buffer;
}

/** Drops the files on the element of this data-testid. */
export async function dropFiles(page: Page, testId: string, files: readonly FileToDrop[]): Promise<void> {
  const payload = JSON.stringify(files.map((f) => ({ name: f.name, base64: f.bytes.toString('base64') })));
  const ok = await page.evaluate(
    `(() => {
      const el = document.querySelector('[data-testid=${JSON.stringify(testId)}]');
      if (!el) return false;
      const dt = new DataTransfer();
      for (const f of ${payload}) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: 'application/json' }));
      }
      for (const type of ['dragenter', 'dragover', 'drop'])
        el.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
      return true;
    })()`,
  );
  if (!ok) throw new Error(`e2e: nothing to drop files on (data-testid ${testId})`);
}

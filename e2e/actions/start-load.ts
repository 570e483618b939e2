import type { Page } from '@playwright/test';

/** Fills the load form (engine, sysbench's path, tables, rows, clients, seconds) and presses Start. */
export async function startLoad(
  page: Page,
  spec: {
    engine: 'auto' | 'sysbench' | 'bplab';
    sysbenchPath?: string;
    tables: string;
    rows: string;
    clients: string;
    seconds: string;
  },
): Promise<void> {
  await page.getByTestId('load-engine').selectOption(spec.engine);
  if (spec.sysbenchPath !== undefined) await page.getByTestId('load-sysbench-path').fill(spec.sysbenchPath);
  await page.getByTestId('load-tables').fill(spec.tables);
  await page.getByTestId('load-rows').fill(spec.rows);
  await page.getByTestId('load-clients').fill(spec.clients);
  await page.getByTestId('load-seconds').fill(spec.seconds);
  await page.getByTestId('load-start').click();
}

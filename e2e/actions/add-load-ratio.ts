import type { ReferenceFormPanel } from '../pages/reference-form';

/** A ratio or % change between two configurations' load QPS at a client count, as typed. */
export interface LoadRatioFigure {
  first: string;
  second: string;
  clients: string;
  value: string;
  unit: '×' | '%';
  name: string;
  source: string;
}

/** Fills the form with a ratio between two configurations' load QPS (labels as the form lists them) and adds it. */
export async function addLoadRatioFigure(form: ReferenceFormPanel, figure: LoadRatioFigure) {
  if (!(await form.panel.evaluate((d) => (d as unknown as { open: boolean }).open))) await form.title.click();
  await form.field('kind').selectOption({ label: "a ratio between two configurations' load QPS" });
  await form.field('side').selectOption({ label: figure.first });
  await form.field('other').selectOption({ label: figure.second });
  await form.field('clients').selectOption(figure.clients);
  await form.field('value').fill(figure.value);
  await form.field('unit').selectOption({
    label: figure.unit === '%' ? '% change of the first over the second' : '× (the first over the second)',
  });
  await form.field('label').fill(figure.name);
  await form.field('source').fill(figure.source);
  await form.save.click();
}

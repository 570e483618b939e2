import type { ReferenceFormPanel } from '../pages/reference-form';

/** What a ratio figure says, as typed: which configurations, its value, name and where it comes from. */
export interface RatioFigure {
  first: string;
  second: string;
  pass: string;
  value: string;
  name: string;
  source: string;
  where?: string;
}

/** Fills the form with a ratio between two configurations (their labels as the form lists them) and adds it. */
export async function addRatioFigure(form: ReferenceFormPanel, figure: RatioFigure) {
  if (!(await form.panel.evaluate((d) => (d as unknown as { open: boolean }).open))) await form.title.click();
  await form.field('kind').selectOption({ label: 'a ratio between two configurations' });
  await form.field('side').selectOption({ label: figure.first });
  await form.field('other').selectOption({ label: figure.second });
  await form.field('pass').selectOption(figure.pass);
  await form.field('value').fill(figure.value);
  await form.field('label').fill(figure.name);
  await form.field('source').fill(figure.source);
  await form.field('where').fill(figure.where ?? '');
  await form.save.click();
}

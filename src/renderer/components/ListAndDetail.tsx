/** A screen of a list on the left (a fixed, narrow column) and what was chosen from it on the right. */
import type { ReactNode } from 'react';

export function ListAndDetail({
  list,
  listClassName,
  testId,
  children,
}: {
  list: ReactNode;
  /** A class of the list's own column beside column-narrow (its height, its scrolling). */
  listClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="screen two-columns" data-testid={testId}>
      <div className={listClassName ? `column-narrow ${listClassName}` : 'column-narrow'}>{list}</div>
      <div className="column-wide">{children}</div>
    </section>
  );
}

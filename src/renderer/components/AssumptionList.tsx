/** A what-if's assumptions: a short line with how many, the list itself on demand, said once per panel. */
export function AssumptionList({
  items,
  testId = 'whatif-assumptions',
}: {
  items: readonly string[];
  testId?: string;
}) {
  if (items.length === 0) return null;
  return (
    <details className="assumptions muted" data-testid={testId}>
      <summary>
        {items.length} assumption{items.length === 1 ? '' : 's'} behind the simulation
      </summary>
      <ul>
        {items.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </details>
  );
}

/** A JSON value as a collapsible tree (EXPLAIN FORMAT=JSON, ANALYZE): objects and arrays fold. */

export function JsonTree({
  value,
  name,
  depth = 0,
  openDepth = 2,
}: {
  value: unknown;
  name?: string;
  depth?: number;
  openDepth?: number;
}) {
  const label = name === undefined ? null : <span className="json-key">{name}: </span>;
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value as Record<string, unknown>);
    const brackets = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    return (
      <details className="json-node" open={depth < openDepth} data-testid="json-node">
        <summary>
          {label}
          <span className="muted">
            {brackets[0]}
            {entries.length} {Array.isArray(value) ? 'items' : 'keys'}
            {brackets[1]}
          </span>
        </summary>
        <div className="json-children">
          {entries.map(([key, v]) => (
            <JsonTree key={key} value={v} name={key} depth={depth + 1} openDepth={openDepth} />
          ))}
        </div>
      </details>
    );
  }
  return (
    <div className="json-leaf">
      {label}
      <span className={`json-${value === null ? 'null' : typeof value}`}>{JSON.stringify(value)}</span>
    </div>
  );
}

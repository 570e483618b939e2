/** A table row's error, on a full-width row of its own under it, clamped with the whole text on hover. */
export function RowError({
  error,
  testId,
  colSpan,
  data,
}: {
  error: string;
  testId: string;
  colSpan: number;
  /** data-* attributes naming the row, for tests and styles (e.g. { schema: 'ssb_sf1' }). */
  data: Record<string, string>;
}) {
  const attrs = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]));
  return (
    <tr className="row-detail" data-testid={testId} {...attrs}>
      <td colSpan={colSpan}>
        <div className="error-inline clamp" title={error}>
          {error}
        </div>
      </td>
    </tr>
  );
}

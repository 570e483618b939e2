/** Choosing the saved connection a screen works on. */

/** After the list changes: keep the current choice if it still exists, else take the first profile. */
export function keepSelection(
  profiles: ReadonlyArray<{ id: string }>,
  current: string | null,
): string | null {
  return current && profiles.some((p) => p.id === current) ? current : (profiles[0]?.id ?? null);
}

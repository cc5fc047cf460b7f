/**
 * The selection across pages after the table reports the selected rows of the page on screen: ids on
 * this page follow the table, ids of other pages stay as they were.
 */
export function mergePageSelection(
  selected: ReadonlySet<number>,
  pageIds: readonly number[],
  selectedOnPage: readonly number[],
): Set<number> {
  const next = new Set(selected);
  const onPage = new Set(selectedOnPage);
  for (const id of pageIds) {
    if (onPage.has(id)) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The selection without ids that no longer exist (after a delete or a filter change). */
export function keepExisting(selected: ReadonlySet<number>, existing: readonly number[]): Set<number> {
  const known = new Set(existing);
  return new Set([...selected].filter((id) => known.has(id)));
}

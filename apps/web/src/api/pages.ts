/** One page of a paged list answer (docs/api.md §1: `list`, `total`, `page`, `size`). */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** The rows of an infinite query, flattened, without duplicates (a row moving between pages). */
export function flattenById<T extends { id: string }>(pages: readonly Page<T>[] | undefined): T[] {
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of pages ?? []) {
    for (const row of page.list) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

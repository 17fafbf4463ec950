/**
 * A whole list of values as one parameter: a PostgreSQL array literal (`{"a","b"}`, each element
 * quoted) cast to `text[]`. The bulk readers pass a page of user ids as `column = any($1)` with
 * `inTextArray` instead of drizzle's `inArray`, whose one parameter per value (2,000 a page)
 * cost more of the process's CPU to build than the rows cost to read; PostgreSQL probes the
 * column's index once per element either way.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** `{"v1","v2",…}`: quotes and backslashes escaped, so any text survives. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

/** `{1,2,…}` of whole numbers. */
export function intArrayLiteral(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

/** `column = any('{…}'::text[])`: the column is one of `values` (none when empty). */
export function inTextArray(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} = any(${textArrayLiteral(values)}::text[])`;
}

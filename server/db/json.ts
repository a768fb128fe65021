import { getTableName, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * A json column a statement built (json_agg of a page's rows, one statement instead of one per list): node-postgres
 * and PGlite both parse json, but a driver that hands it over as text still works. Instants inside are ISO strings.
 */
export function fromJson<T>(value: T | string): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/**
 * A column named with its table ("orders"."id"), for a correlated subquery's reference to the outer row: in a select
 * from one table drizzle leaves the table out, and inside the subquery a bare "id" would name the inner table's.
 */
export const outerColumn = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

import { integer, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

// The column shapes every context's schema repeats, named once (drizzle's "column helpers"). Each returns the same
// builder the long form would, so a table declared with them is the table the migrations create
// (schema-matches-migrations.test.ts). The person-shaped ones, pointing at users, live beside users in auth/schema.ts.

/** A point in time, kept in UTC with its zone (every date shown is in Lagos time: docs/product/business-constants.md). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When something happened, filled in by the database when the row is written. */
export const atNow = (name: string) => at(name).notNull().defaultNow();

/** A row that is part of another: it cannot exist without it and is deleted with it. */
export const belongsTo = (name: string, parent: () => AnyPgColumn) => integer(name).notNull().references(parent, { onDelete: "cascade" });

/** A row that needs another, which cannot be deleted while this row points at it (money and history keep theirs). */
export const refersTo = (name: string, parent: () => AnyPgColumn) => integer(name).notNull().references(parent, { onDelete: "restrict" });

/** A link that may be empty and is emptied when the other row goes. */
export const mayReferTo = (name: string, parent: () => AnyPgColumn) => integer(name).references(parent, { onDelete: "set null" });

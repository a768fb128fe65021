import { bigint, boolean, integer, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

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

/** An amount of money in kobo, a whole number (read as a JavaScript number: far below 2^53 kobo). */
export const kobo = (name: string) => bigint(name, { mode: "number" });

/** An amount of energy in watt-hours, a whole number. */
export const wh = (name: string) => bigint(name, { mode: "number" });

/** A bank account a payee is paid to (docs/product/payments.md): `accountVerified` when the provider resolved the name,
 * false when it could not be asked and the person typed it. */
export const payoutAccountColumns = {
  bankCode: text("bank_code").notNull(),
  accountNumber: text("account_number").notNull(),
  accountName: text("account_name").notNull(),
  accountVerified: boolean("account_verified").notNull().default(false),
};

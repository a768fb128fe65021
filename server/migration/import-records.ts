import type { TImportItem, TImportOptions, TImportOutcome, TMigrationKind } from "@domain/migration/migration";
import type { TRecordData } from "@domain/migration/records";
import { importCourses } from "../academy/import-courses";
import { importCustomers } from "../auth/import-customers";
import { importProducts } from "../catalog/import-products";
import type { DbOrTx } from "../db/client";
import { importOrders } from "../orders/import-orders";

// Each kind belongs to the context that owns its tables (docs/decisions/0009): the migration hands it the records and
// keeps only its own books (runs, records, the id map).

type TImporter<K extends TMigrationKind> = (
  tx: DbOrTx,
  items: TImportItem<TRecordData[K]>[],
  options: TImportOptions,
) => Promise<TImportOutcome[]>;

const IMPORTERS: { [K in TMigrationKind]: TImporter<K> } = {
  customers: importCustomers,
  products: importProducts,
  orders: importOrders,
  courses: importCourses,
};

/** Hands records of one kind to their owner: with `apply`, inside the caller's transaction; without, a dry run. */
export function importRecords(
  tx: DbOrTx,
  kind: TMigrationKind,
  items: TImportItem<TRecordData[TMigrationKind]>[],
  options: TImportOptions,
): Promise<TImportOutcome[]> {
  return (IMPORTERS[kind] as TImporter<TMigrationKind>)(tx, items, options);
}

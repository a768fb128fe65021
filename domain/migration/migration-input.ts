import { z } from "zod";
import { mappingFieldName, MIGRATION_FIELDS, MIGRATION_KIND_KEYS, type TColumnMapping, type TMigrationKind } from "./migration";

// The data migration's forms as the server reads them (docs/product/data-migration.md).

export const ZMigrationKind = z.enum(MIGRATION_KIND_KEYS as [TMigrationKind, ...TMigrationKind[]], {
  error: "Choose what the file holds: customers, products, orders or courses",
});

const ZColumn = z
  .string()
  .trim()
  .regex(/^\d{0,3}$/, "Choose a column of the file")
  .optional()
  .transform((v) => (v ? Number(v) : null));

/** The mapping form: one select per field holding a column number, or empty for "not in the file". */
export function parseMappingForm(kind: TMigrationKind, fields: Record<string, string>): { mapping: TColumnMapping } | { problem: string } {
  const mapping: TColumnMapping = {};
  for (const f of MIGRATION_FIELDS[kind]) {
    const parsed = ZColumn.safeParse(fields[mappingFieldName(f.key)]);
    if (!parsed.success) return { problem: `${f.label}: ${parsed.error.issues[0]!.message}` };
    mapping[f.key] = parsed.data;
  }
  return { mapping };
}

import { normaliseWord } from "./conversions";

// The data migration (docs/product/data-migration.md): what the old system's exports hold per kind, which of our fields
// a column can fill, and the guess of the column mapping from the header's names. Pure, shared by the page and the server.

export const MIGRATION_KINDS = { customers: "Customers", products: "Products", orders: "Orders", courses: "Courses" } as const;
export type TMigrationKind = keyof typeof MIGRATION_KINDS;
export const MIGRATION_KIND_KEYS = Object.keys(MIGRATION_KINDS) as TMigrationKind[];

/** A run's steps as the pages name them. */
export const MIGRATION_STATUSES = {
  mapping: "Waiting for its columns",
  checked: "Dry run done",
  queued: "Importing",
  done: "Imported",
  stopped: "Stopped",
  cancelled: "Cancelled",
} as const;
export type TMigrationStatus = keyof typeof MIGRATION_STATUSES;

/** A run's figures as its page follows them (the import's live progress); percent is of the records processed. */
export type TMigrationProgress = {
  status: TMigrationStatus;
  total: number;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  percent: number;
  error: string | null;
};

/** What each kind's file holds, in a sentence for the upload form. */
export const MIGRATION_KIND_HINTS: Record<TMigrationKind, string> = {
  customers: "E-mail and name; phone, old customer ID and customer since if you have them. Accounts get no password and no e-mail.",
  products: "SKU, name, category and price; stock, description, brand and on sale if you have them.",
  orders: "One line per item: old order number, customer e-mail, date, status, SKU or item, quantity, unit price, total.",
  courses: "Title, category, level, length in weeks and price. Courses arrive as drafts for the academy team to check.",
};

/** Records written per transaction by the import job. */
export const MIGRATION_BATCH_SIZE = 250;
/** The records the page shows as they would be stored. */
export const MIGRATION_PREVIEW_RECORDS = 10;
/** The refused lines the page lists (the report has them all). */
export const MIGRATION_REFUSALS_SHOWN = 50;

export type TMigrationField = {
  key: string;
  label: string;
  required: boolean;
  /** Header names that mean this field, in order of preference, written as normaliseWord writes them. */
  headers: string[];
  hint?: string;
};

const field = (key: string, label: string, required: boolean, headers: string[], hint?: string): TMigrationField => ({
  key,
  label,
  required,
  headers,
  hint,
});

export const MIGRATION_FIELDS: Record<TMigrationKind, TMigrationField[]> = {
  customers: [
    field("oldId", "Old customer ID", false, ["customer id", "id", "customer no", "customer number", "client id", "legacy id", "old id"]),
    field("email", "E-mail", true, ["email", "e mail", "email address", "e mail address", "customer email", "mail"]),
    field("name", "Name (or first name)", true, ["name", "full name", "customer name", "first name", "firstname", "given name"]),
    field("lastName", "Last name", false, ["last name", "lastname", "surname", "family name"], "Joined after the first name"),
    field("phone", "Phone", false, ["phone", "phone number", "mobile", "mobile number", "telephone", "tel", "gsm", "phone no"]),
    field("since", "Customer since", false, [
      "customer since",
      "created at",
      "created",
      "date created",
      "registered",
      "joined",
      "signup date",
    ]),
  ],
  products: [
    field("sku", "SKU", true, ["sku", "sku code", "product code", "item code", "code", "article number"]),
    field("name", "Product name", true, ["name", "product name", "product", "title", "item name", "item"]),
    field("category", "Category", true, ["category", "product category", "department", "type"]),
    field("price", "Price (naira)", true, ["price", "unit price", "selling price", "retail price", "price ngn", "price naira", "amount"]),
    field("stock", "Stock on hand", false, ["stock", "on hand", "stock quantity", "quantity", "qty", "inventory", "units"]),
    field("description", "Description", false, ["description", "product description", "details", "long description"]),
    field("brand", "Brand", false, ["brand", "make", "manufacturer"]),
    field("variant", "Variant name", false, ["variant", "variant name", "option", "size"], "Standard when empty"),
    field("onSale", "On sale", false, ["on sale", "active", "published", "visible", "enabled", "status"], "Yes or no; yes when empty"),
  ],
  orders: [
    field("orderNumber", "Old order number", true, [
      "order number",
      "order no",
      "order id",
      "order",
      "order ref",
      "invoice number",
      "reference",
    ]),
    field("email", "Customer e-mail", true, ["customer email", "email", "e mail", "buyer email", "email address"]),
    field("placedAt", "Placed at", true, ["placed at", "order date", "date", "created at", "created", "date placed", "ordered at"]),
    field("status", "Status", true, ["status", "order status", "state"]),
    field("sku", "SKU", false, ["sku", "product code", "item code", "sku code"], "The SKU or the item name on each line"),
    field("item", "Item name", false, ["item", "item name", "product", "product name", "description"]),
    field("quantity", "Quantity", true, ["quantity", "qty", "units"]),
    field("unitPrice", "Unit price (naira)", true, ["unit price", "price", "item price", "rate"]),
    field("total", "Order total (naira)", true, ["order total", "total", "grand total", "total amount", "amount"]),
    field("deliveryFee", "Delivery fee (naira)", false, ["delivery fee", "delivery", "shipping", "shipping fee", "shipping cost"]),
    field("vat", "VAT (naira)", false, ["vat", "tax", "vat amount"]),
    field("paymentMethod", "Payment method", false, ["payment method", "payment", "paid by", "payment type"], "Bank transfer when empty"),
    field("customerName", "Customer name", false, ["customer name", "name", "customer", "full name"]),
    field("phone", "Phone", false, ["phone", "phone number", "mobile", "customer phone"]),
    field("address", "Delivery address", false, ["delivery address", "address", "street", "address line"]),
    field("city", "City or LGA", false, ["city", "town", "lga"]),
    field("state", "State", false, ["state", "region"]),
  ],
  courses: [
    field("oldId", "Old course ID", false, ["course id", "id", "old id", "course code", "code"]),
    field("title", "Title", true, ["title", "course title", "course name", "name", "course"]),
    field("slug", "Web address (slug)", false, ["slug", "url", "permalink"], "Made from the title when empty"),
    field("summary", "Summary", false, ["summary", "short description", "excerpt", "tagline"]),
    field("description", "Description", false, ["description", "details", "long description", "overview"]),
    field("category", "Category", true, ["category", "track", "subject"]),
    field("level", "Level", true, ["level", "difficulty"]),
    field("durationWeeks", "Length in weeks", true, ["duration weeks", "duration", "weeks", "length", "duration in weeks"]),
    field("hoursPerWeek", "Hours a week", false, ["hours per week", "hours a week", "weekly hours", "hours"], "4 when empty"),
    field("price", "Price (naira)", true, ["price", "fee", "course fee", "tuition", "amount"], "0 for a free course"),
    field("instructor", "Instructor", false, ["instructor", "instructor name", "tutor", "teacher", "facilitator"]),
  ],
};

/** The name of the mapping form's select for one field. */
export const mappingFieldName = (key: string) => `map.${key}`;

/** Which column (0-based) fills which field; null when none does. */
export type TColumnMapping = Record<string, number | null>;

/** The mapping guessed from the header: each field takes the first unused column whose name means it. */
export function guessMapping(kind: TMigrationKind, header: string[]): TColumnMapping {
  const names = header.map(normaliseWord);
  const used = new Set<number>();
  const mapping: TColumnMapping = {};
  for (const f of MIGRATION_FIELDS[kind]) {
    mapping[f.key] = null;
    for (const wanted of f.headers) {
      const i = names.findIndex((n, index) => n === wanted && !used.has(index));
      if (i >= 0) {
        mapping[f.key] = i;
        used.add(i);
        break;
      }
    }
  }
  return mapping;
}

/** What is missing from a mapping before a dry run can read the file, as sentences; empty when it can. */
export function mappingProblems(kind: TMigrationKind, mapping: TColumnMapping, columnCount: number): string[] {
  const problems: string[] = [];
  const seen = new Map<number, string>();
  for (const f of MIGRATION_FIELDS[kind]) {
    const column = mapping[f.key] ?? null;
    if (column === null) {
      if (f.required) problems.push(`Choose the column for ${f.label}`);
      continue;
    }
    if (column < 0 || column >= columnCount) problems.push(`The column chosen for ${f.label} is not in the file`);
    else if (seen.has(column)) problems.push(`${f.label} and ${seen.get(column)} cannot come from the same column`);
    else seen.set(column, f.label);
  }
  if (kind === "orders" && mapping.sku == null && mapping.item == null) problems.push("Choose the column for SKU or for Item name");
  return problems;
}

/** What the import does with one record; the dry run says what it would do. */
export type TRecordAction = "create" | "update" | "unchanged" | "refuse";
export const RECORD_ACTIONS: Record<TRecordAction, { planned: string; done: string }> = {
  create: { planned: "Would create", done: "Created" },
  update: { planned: "Would update", done: "Updated" },
  unchanged: { planned: "Unchanged", done: "Unchanged" },
  refuse: { planned: "Refused", done: "Refused" },
};

/** One record handed to the context that owns its kind, with our id when an earlier run imported it already. */
export type TImportItem<T> = { data: T; knownId: string | null };

/**
 * The owner's answer for one record: what it did (or would do), our id of the thing, the reference people read (an
 * e-mail, a SKU, ZV-100123, a course's address), and the reason for a refusal or what an update changed.
 */
export type TImportOutcome = { action: TRecordAction; targetId: string | null; reference: string | null; note: string | null };

/** Each import use case takes its records and whether to write them (false: the dry run, which writes nothing). */
export type TImportOptions = { apply: boolean };

/** A summary of what changes, for the dry run and the report: "price ₦10,000.00 → ₦12,000.00, stock 5 → 8". */
export function describeChanges(changes: [label: string, before: string, after: string][]): string | null {
  const real = changes.filter(([, before, after]) => before !== after);
  return real.length ? real.map(([label, before, after]) => `${label} ${before} → ${after}`).join(", ") : null;
}

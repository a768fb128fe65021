import { z } from "zod";
import { optionalText } from "../catalog/catalog-input";
import type { TAuditFilters } from "./audit";

// The audit viewer's query string, parsed on the server: each field falls back to "no filter" alone.

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)))
  .nullable()
  .catch(null);

export const ZAuditFilters = z
  .object({
    actor: optionalText(100),
    action: z
      .string()
      .trim()
      .max(80)
      .regex(/^[a-z_.-]*$/)
      .transform((s) => s || null)
      .nullable()
      .catch(null),
    resourceType: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z_]*$/)
      .transform((s) => s || null)
      .nullable()
      .catch(null),
    from: isoDay,
    to: isoDay,
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
  })
  .transform((f) => (f.from && f.to && f.from > f.to ? { ...f, from: f.to, to: f.from } : f));

export function parseAuditFilters(params: URLSearchParams): TAuditFilters {
  const raw = Object.fromEntries([...params.keys()].map((k) => [k, params.get(k)]));
  return ZAuditFilters.parse({ actor: null, action: null, resourceType: null, from: null, to: null, page: 1, ...raw });
}

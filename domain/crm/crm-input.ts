import { z } from "zod";
import { optionalText } from "../catalog/catalog-input";
import {
  ACTIVITY_WINDOWS,
  CRM_EMAIL_TEMPLATES,
  CRM_SORT_KEYS,
  CRM_SOURCES,
  CRM_STATUSES,
  MAX_TAGS_PER_RECORD,
  NO_CRM_FILTERS,
  normaliseTag,
  type TCrmFilters,
} from "./crm";

// The CRM's forms and query string, parsed on the server (docs/product/crm.md).

const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable().catch(null);

export const ZCrmFilters = z.object({
  q: optionalText(100),
  status: oneOf(CRM_STATUSES),
  tag: z
    .string()
    .transform((s) => normaliseTag(s) || null)
    .nullable()
    .catch(null),
  source: oneOf(CRM_SOURCES),
  owner: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .nullable()
    .catch(null),
  activity: oneOf(ACTIVITY_WINDOWS),
  ordered: oneOf(["yes", "no"] as const),
  sort: oneOf(CRM_SORT_KEYS),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseCrmFilters(params: URLSearchParams): TCrmFilters {
  const raw = Object.fromEntries([...params.keys()].map((k) => [k, params.get(k)]));
  return ZCrmFilters.parse({ ...NO_CRM_FILTERS, ...raw });
}

const contactId = z.coerce.number({ error: "Choose a record" }).int().positive("Choose a record");

/** Tags typed as "solar, lekki vip": each normalised, empty ones dropped. */
const tagList = z
  .string()
  .max(400, "Keep the tags shorter")
  .transform((s) => [...new Set(s.split(",").map(normaliseTag).filter(Boolean))])
  .refine((tags) => tags.length > 0, "Type at least one tag")
  .refine((tags) => tags.length <= MAX_TAGS_PER_RECORD, `At most ${MAX_TAGS_PER_RECORD} tags at a time`);

export const ZCrmNote = z.object({
  contactId,
  body: z.string().trim().min(1, "Write the note first").max(4000, "Keep the note under 4,000 characters"),
});

export const ZCrmTags = z.object({ contactId, tags: tagList });
export const ZCrmUntag = z.object({ contactId, tag: z.string().transform(normaliseTag).pipe(z.string().min(1, "Choose a tag")) });

export const ZCrmAssign = z.object({
  contactId,
  /** Empty: nobody owns the record any more. */
  ownerId: z
    .string()
    .trim()
    .max(64)
    .transform((s) => s || null),
});

export const ZCrmStatus = z.object({ contactId, inactive: z.enum(["yes", "no"]) });
export const ZCrmMessagesAnswered = z.object({ contactId });

export const ZCrmNextAction = z.object({
  contactId,
  title: z.string().trim().min(1, "Say what needs doing").max(200, "Keep it under 200 characters"),
  dueOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the day it is due")
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Choose the day it is due"),
});
export const ZCrmNextActionDone = z.object({ contactId, actionId: z.coerce.number().int().positive() });

const templateIds = CRM_EMAIL_TEMPLATES.map((t) => t.id) as [string, ...string[]];
export const ZCrmEmail = z.object({
  contactId,
  template: z.enum(templateIds, { error: "Choose a template" }),
  subject: z.string().trim().min(1, "Write a subject").max(150, "Keep the subject under 150 characters"),
  body: z.string().trim().min(1, "Write the message").max(5000, "Keep the message under 5,000 characters"),
});

/** The list's bulk actions, on the records ticked on the page. */
export const ZCrmTagMany = z.object({ tags: tagList });
export const ZCrmAssignMany = z.object({
  ownerId: z
    .string()
    .trim()
    .max(64)
    .transform((s) => s || null),
});

/** "1,2,3" from the ticked boxes: at most one page's worth and more. */
export function parseIdList(raw: string): number[] {
  return [
    ...new Set(
      raw
        .split(",")
        .map((s) => Number(s))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ].slice(0, 500);
}

export const ZSavedView = z.object({
  name: z.string().trim().min(1, "Name the view").max(60, "Keep the name under 60 characters"),
  query: z.string().max(600),
});
export const ZSavedViewDelete = z.object({ viewId: z.coerce.number().int().positive() });

export const ZCrmMerge = z.object({ contactId, otherId: z.coerce.number().int().positive("Choose the other record") });

/** The record page's ?merge=<address>: the other record to preview, if the address looks like one. */
export function parseMergeQuery(params: URLSearchParams): string | null {
  const raw = params.get("merge")?.trim().toLowerCase() ?? "";
  return raw && raw.length <= 254 && raw.includes("@") ? raw : null;
}

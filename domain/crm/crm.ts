// The CRM's rules (docs/product/crm.md), shared by the pages and the server. The zod forms are in crm-input.ts.

export const CRM_STATUSES = ["lead", "subscriber", "customer", "inactive"] as const;
export type TCrmStatus = (typeof CRM_STATUSES)[number];
export const CRM_STATUS_LABEL: Record<TCrmStatus, string> = {
  lead: "Lead",
  subscriber: "Subscriber",
  customer: "Customer",
  inactive: "Inactive",
};

export const CRM_SOURCES = [
  "account",
  "newsletter",
  "contact",
  "booking",
  "order",
  "zavcharge",
  "academy",
  "campaign",
  "import",
  "manual",
] as const;
export type TCrmSource = (typeof CRM_SOURCES)[number];
export const CRM_SOURCE_LABEL: Record<TCrmSource, string> = {
  account: "Account",
  newsletter: "Newsletter",
  contact: "Contact form",
  booking: "Service booking",
  order: "Order",
  zavcharge: "ZavCharge",
  academy: "Academy",
  campaign: "Campaign list",
  import: "Import",
  manual: "Added by staff",
};

export const CONSENT_STATES = ["unknown", "granted", "withdrawn"] as const;
export type TConsent = (typeof CONSENT_STATES)[number];
export const CONSENT_LABEL: Record<TConsent, string> = {
  unknown: "Not asked",
  granted: "Agreed to marketing",
  withdrawn: "Opted out",
};

/** The facts a record's status follows from. */
export type TStatusFacts = {
  paidOrders: number;
  subscribed: boolean;
  markedInactiveAt: Date | null;
  lastActivityAt: Date;
};

/**
 * A customer has paid for something; a subscriber gets the newsletter; everyone else is a lead. A record staff
 * marked inactive stays so until the person does something again (docs/product/crm.md#status).
 */
export function crmStatusOf(f: TStatusFacts): TCrmStatus {
  if (f.markedInactiveAt && f.markedInactiveAt >= f.lastActivityAt) return "inactive";
  if (f.paidOrders > 0) return "customer";
  if (f.subscribed) return "subscriber";
  return "lead";
}

/** A consent event: the person agreed or withdrew, when, and through what. */
export type TConsentEvent = { state: "granted" | "withdrawn"; at: Date; source: string; byThePerson: boolean };
export type TConsentRecord = { consent: TConsent; consentAt: Date | null; consentSource: string | null };

/**
 * The newest event wins, except that a withdrawal by the person stands against anything not from the person
 * (an import or a list someone else kept cannot opt them back in): docs/product/crm.md#consent.
 */
export function applyConsent(current: TConsentRecord, e: TConsentEvent): TConsentRecord {
  if (current.consentAt && e.at < current.consentAt) return current;
  if (current.consent === "withdrawn" && e.state === "granted" && !e.byThePerson) return current;
  return { consent: e.state, consentAt: e.at, consentSource: e.source };
}

/** Marketing e-mail only with consent given; service e-mails (a reply, an order) do not need it. */
export const mayEmailMarketing = (consent: TConsent) => consent === "granted";

/** The same address however it was typed: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A tag as stored: lower case, words joined by hyphens, at most 32 characters. */
export function normaliseTag(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32);
}

export const CRM_PAGE_SIZE = 25;
export const CRM_EXPORT_MAX_ROWS = 20_000;
export const MAX_TAGS_PER_RECORD = 20;
export const MAX_SAVED_VIEWS = 20;

/** "Last activity" filter: within the last N days, or not for more than N days. */
export const ACTIVITY_WINDOWS = ["7d", "30d", "90d", "over90d", "over365d"] as const;
export type TActivityWindow = (typeof ACTIVITY_WINDOWS)[number];
export const ACTIVITY_WINDOW_LABEL: Record<TActivityWindow, string> = {
  "7d": "In the last 7 days",
  "30d": "In the last 30 days",
  "90d": "In the last 90 days",
  over90d: "Not for 90 days",
  over365d: "Not for a year",
};

/** The orders the list can be read in: most recent activity first unless staff choose another (null). */
export const CRM_SORTS = { newest: "Newest records", name: "Name A–Z" } as const;
export type TCrmSort = keyof typeof CRM_SORTS;
export const CRM_SORT_KEYS = Object.keys(CRM_SORTS) as [TCrmSort, ...TCrmSort[]];

export type TCrmFilters = {
  q: string | null;
  status: TCrmStatus | null;
  tag: string | null;
  source: TCrmSource | null;
  /** A staff member's id, "me", or "none" for records nobody owns. */
  owner: string | null;
  activity: TActivityWindow | null;
  ordered: "yes" | "no" | null;
  /** Not a filter: how the matching records are ordered (null: most recent activity first). */
  sort: TCrmSort | null;
  page: number;
};

export const NO_CRM_FILTERS: TCrmFilters = {
  q: null,
  status: null,
  tag: null,
  source: null,
  owner: null,
  activity: null,
  ordered: null,
  sort: null,
  page: 1,
};

export function crmQuery(f: Partial<TCrmFilters>): string {
  const q = new URLSearchParams();
  for (const key of ["q", "status", "tag", "source", "owner", "activity", "ordered", "sort"] as const) {
    const v = f[key];
    if (v) q.set(key, v);
  }
  if (f.page && f.page > 1) q.set("page", String(f.page));
  return q.toString();
}

export const isFiltered = (f: TCrmFilters) => !!(f.q || f.status || f.tag || f.source || f.owner || f.activity || f.ordered);

/** The e-mails staff start from on a record; the text is theirs to change before sending. */
export const CRM_EMAIL_TEMPLATES = [
  {
    id: "follow-up",
    label: "Follow up on an enquiry",
    subject: "Following up on your enquiry",
    body: "Thank you for getting in touch with Zavolah. I am following up on your enquiry and would be glad to help with the next step.\n\nWhen is a good time to call you?",
  },
  {
    id: "site-survey",
    label: "Offer a site survey",
    subject: "A free site survey for your solar system",
    body: "To size a solar system properly we visit the site, check your load and the roof, and give you a written quote.\n\nReply with a day that suits you and your address, and one of our engineers will come by.",
  },
  {
    id: "thank-you",
    label: "Thank a customer",
    subject: "Thank you for choosing Zavolah",
    body: "Thank you for your order. If anything about it is not as you expected, reply to this e-mail and I will sort it out personally.",
  },
] as const;
export type TCrmEmailTemplateId = (typeof CRM_EMAIL_TEMPLATES)[number]["id"];

/** One entry of a record's timeline (docs/product/crm.md#timeline). */
export type TTimelineKind =
  | "order"
  | "booking"
  | "message"
  | "campaign"
  | "newsletter"
  | "sign-in"
  | "academy"
  | "zavcharge"
  | "note"
  | "email"
  | "assigned"
  | "status"
  | "tagged";

export type TTimelineItem = {
  at: string;
  kind: TTimelineKind;
  title: string;
  detail: string | null;
  /** A short state shown as a badge: the order's status, an e-mail's delivery. */
  state: string | null;
  link: string | null;
  by: string | null;
};

/**
 * Two records of one person merged: an opt-out on either stands (it is the person's own), else consent given on either
 * counts (docs/product/crm.md#merging).
 */
export function mergedConsent(a: TConsent, b: TConsent): TConsent {
  if (a === "withdrawn" || b === "withdrawn") return "withdrawn";
  if (a === "granted" || b === "granted") return "granted";
  return "unknown";
}

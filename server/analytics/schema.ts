import { bigint, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { atNow } from "../db/columns";
import { sql } from "drizzle-orm";

// First-party visits (docs/product/visits.md): one row per page seen or product added to a cart, with no address and no
// account, only a visitor hash that changes every day.

export const siteVisits = pgTable(
  "site_visits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: atNow("at"),
    /** page: a page seen; add_to_cart: something put in a cart (the funnel's third step). */
    kind: text("kind").notNull().default("page"),
    path: text("path").notNull(),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").notNull(),
    /** HMAC of the day, the address and the browser under a server secret: counts visitors for one day, then changes. */
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [
    check("site_visits_kind_check", sql`${t.kind} in ('page', 'add_to_cart')`),
    check("site_visits_device_check", sql`${t.device} in ('phone', 'tablet', 'desktop')`),
    index("site_visits_at_idx").on(t.at),
  ],
);

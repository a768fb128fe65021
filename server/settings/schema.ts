import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { atNow } from "../db/columns";
import { mayReferToUser } from "../auth/schema";

/** One row per changed setting; a missing row means the default applies. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: mayReferToUser("updated_by"),
  updatedAt: atNow("updated_at"),
});

import { integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Courses (no docs/product/ rules yet). Lessons, enrolments, assignments and certificates come with the academy. */
export const courses = pgTable("courses", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  priceKobo: integer("price_kobo").notNull(),
  duration: text("duration").notNull(),
  level: text("level").notNull(),
  imagePath: text("image_path"),
  instructor: text("instructor").notNull(),
  rating: numeric("rating", { precision: 2, scale: 1 }),
  enrollmentDeadline: timestamp("enrollment_deadline", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

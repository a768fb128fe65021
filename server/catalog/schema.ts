import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Products the store sells. The store issue adds variants, images, reservations and search. */
export const products = pgTable("products", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  category: text("category").notNull(),
  description: text("description").notNull(),
  priceKobo: integer("price_kobo").notNull(),
  stock: integer("stock").notNull().default(0),
  imagePath: text("image_path"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

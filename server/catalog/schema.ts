import { sql, type SQL } from "drizzle-orm";
import { boolean, check, customType, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { atNow, belongsTo } from "../db/columns";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export type TProductSpec = { label: string; value: string };

/**
 * Products the store sells. Price and stock live on variants: every product has at least one
 * (a product without options has a single "Standard" variant), so carts, orders and stock always
 * point at a variant.
 */
export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    brand: text("brand"),
    description: text("description").notNull(),
    specs: jsonb("specs").$type<TProductSpec[]>().notNull().default([]),
    /** Local image paths, the first is the main one. */
    images: jsonb("images").$type<string[]>().notNull().default([]),
    /** What one customer may buy per order (docs/product/store-and-orders.md#cart). */
    maxPerOrder: integer("max_per_order").notNull().default(10),
    /** An admin alert is raised when a variant's stock falls below this. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    supplier: text("supplier"),
    active: boolean("active").notNull().default(true),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.brand}, '') || ' ' || ${products.category}), 'B') || setweight(to_tsvector('english', coalesce(${products.description}, '')), 'C')`,
    ),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    index("products_category_idx").on(t.category),
    index("products_search_idx").using("gin", t.searchVector),
    check("products_max_per_order_check", sql`${t.maxPerOrder} between 1 and 1000`),
    check("products_low_stock_check", sql`${t.lowStockThreshold} >= 0`),
  ],
);

/** A buyable option of a product (battery capacity, sofa fabric...), with its own price and stock on hand. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: belongsTo("product_id", () => products.id),
    sku: text("sku").notNull().unique(),
    name: text("name").notNull().default("Standard"),
    priceKobo: integer("price_kobo").notNull(),
    /** Units in the warehouse. What can be sold is this minus active reservations (server/inventory). */
    onHand: integer("on_hand").notNull().default(0),
    position: integer("position").notNull().default(0),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId),
    check("product_variants_price_check", sql`${t.priceKobo} > 0`),
    check("product_variants_on_hand_check", sql`${t.onHand} >= 0`),
  ],
);

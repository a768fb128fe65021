import { products } from "./schema";

/** What the listing and the product page both show of a product (no supplier, no stock thresholds). */
export const productSummaryColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  category: products.category,
  brand: products.brand,
  images: products.images,
};

import { z } from "zod";

// Saving a listing for later, or taking it off the list (docs/product/marketplace.md#saved-listings), server only.

export const ZSavedListing = z.object({
  intent: z.enum(["save", "unsave"], { error: "Choose save or remove" }),
  listingId: z.coerce
    .number({ error: "Unknown listing" })
    .int("Unknown listing")
    .positive("Unknown listing")
    .max(2_147_483_647, "Unknown listing"),
});
export type TSavedListingInput = z.output<typeof ZSavedListing>;

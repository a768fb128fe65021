import { describe, expect, it } from "vitest";
import { OUTBOX_FILTER_DEFAULTS } from "../messaging/outbox-filters";
import { ZOutboxFilters } from "../messaging/outbox-filters-input";
import { INVENTORY_FILTER_DEFAULTS, ORDER_FILTER_DEFAULTS } from "./order-filters";
import { ZInventoryFilters, ZOrderFilters } from "./order-filters-input";

// The list pages build their links from these defaults without zod; they must be what the server reads from
// an empty address bar, or a page link would carry a filter the person never chose.
describe("list filter defaults", () => {
  it("are what each schema reads from an empty address bar", () => {
    expect(ZOrderFilters.parse({})).toEqual(ORDER_FILTER_DEFAULTS);
    expect(ZInventoryFilters.parse({})).toEqual(INVENTORY_FILTER_DEFAULTS);
    expect(ZOutboxFilters.parse({})).toEqual(OUTBOX_FILTER_DEFAULTS);
  });
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { StaffTable, type TStaffColumn, type TStaffTableProps } from "./staff-table";

type TOrder = { id: number; number: string; totalKobo: number };

const columns: TStaffColumn<TOrder>[] = [
  { header: "Order", rowHeader: true, cell: (o) => o.number },
  { header: "Total", align: "end", sort: { descending: "total-high", ascending: "total-low" }, cell: (o) => `₦${o.totalKobo / 100}` },
  { header: "Placed", sort: { descending: "newest", ascending: "oldest" }, hideOnPhone: true, cell: () => "3 Dec 2026" },
  { header: "Actions", headerHidden: true, cell: (o) => createElement("a", { href: `/staff/orders/${o.id}` }, "Open") },
];
const rows: TOrder[] = [
  { id: 1, number: "ZV-100001", totalKobo: 1_200_000 },
  { id: 2, number: "ZV-100002", totalKobo: 450_000 },
];
const sort = {
  options: [
    ["newest", "Newest"],
    ["oldest", "Oldest"],
    ["total-high", "Highest total"],
    ["total-low", "Lowest total"],
  ] as const,
  current: "total-high",
  hrefFor: (value: string) => `/staff/orders?sort=${value}`,
};

const render = (props: TStaffTableProps<TOrder>) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(StaffTable<TOrder>, props)));

const listed = (overrides: Partial<{ rows: TOrder[]; filtered: boolean }> = {}) =>
  render({
    label: "Orders",
    columns,
    rows: overrides.rows ?? rows,
    rowKey: (o) => o.id,
    rowProps: () => ({ "data-testid": "order-row" }),
    sort,
    count: {
      total: overrides.rows?.length ?? 2,
      pageSize: 20,
      shown: overrides.rows?.length ?? 2,
      noun: "order",
      none: "No orders match.",
      testId: "orders-count",
    },
    empty: { filtered: overrides.filtered ?? false, clearTo: "/staff/orders", text: "Orders placed at checkout appear here." },
    pages: { page: 1, pageCount: 1, hrefFor: (p) => `/staff/orders?page=${p}` },
    download: { href: "/staff/orders/export?sort=total-high" },
  });

const headers = (html: string) => [...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) => m[0]);
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("the staff table", () => {
  it("is a captioned table with a column heading for each column and a row for each record", () => {
    const html = listed();
    expect(html).toContain('<caption class="sr-only">Orders</caption>');
    expect(headers(html).map(text)).toEqual(["Order", "Total", "Placed", "Actions"]);
    expect(html.match(/<tr data-testid="order-row"/g)).toHaveLength(2);
    expect(html).toMatch(/<th scope="row"[^>]*>ZV-100001<\/th>/);
    expect(text(html)).toContain("Showing 1–2 of 2 orders");
  });

  it("marks the sorted column with aria-sort, and its heading links to the other way round", () => {
    const [, total, placed, actions] = headers(listed());
    expect(total).toContain('aria-sort="descending"');
    expect(total).toContain('href="/staff/orders?sort=total-low"');
    // Another sortable column is not marked, and links to its first way.
    expect(placed).not.toContain("aria-sort");
    expect(placed).toContain('href="/staff/orders?sort=newest"');
    expect(actions).not.toContain("href");
    expect(actions).toContain('<span class="sr-only">Actions</span>');
  });

  it("labels each value for the card a row becomes on a phone, leaving out the hidden and title cells' labels", () => {
    const html = listed();
    expect(html).toContain('data-label="Total"');
    expect(html).toContain('data-label="Placed"');
    expect(html).not.toContain('data-label="Order"');
    expect(html).not.toContain('data-label="Actions"');
    const placedCell = html.match(/<td[^>]*data-label="Placed"[^>]*>/)![0];
    expect(placedCell).toContain("max-md:hidden");
  });

  it("offers the CSV download of the list", () => {
    expect(listed()).toMatch(/<a href="\/staff\/orders\/export\?sort=total-high"[^>]*download="">.*Download CSV<\/a>/);
  });

  it("says what an empty list means, or offers to clear the filters, instead of an empty table", () => {
    const empty = listed({ rows: [] });
    expect(empty).not.toContain("<table");
    expect(text(empty)).toContain("No orders match.");
    expect(text(empty)).toContain("Orders placed at checkout appear here.");
    expect(listed({ rows: [], filtered: true })).toMatch(/href="\/staff\/orders"[^>]*>Clear the filters<\/a>/);
  });

  it("stands alone without a list frame: the table, or its empty words", () => {
    const alone = (list: TOrder[]) =>
      render({ label: "Tiers", columns, rows: list, rowKey: (o) => o.id, empty: "No tiers yet.", framed: false });
    expect(alone(rows)).toContain("<table");
    expect(alone(rows)).not.toContain("aria-sort");
    expect(alone([])).toBe('<div class="text-sm text-muted">No tiers yet.</div>');
  });
});

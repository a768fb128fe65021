import { Link } from "react-router";
import type { Route } from "./+types/inventory";
import { ItemForm } from "~/components/ui/action-form";
import { Field, SearchField, WholeNumberField } from "~/components/ui/field";
import { StaffList, StaffPageHeader, StaffFilterForm } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { INVENTORY_PAGE_SIZE, listQuery, MAX_ON_HAND, INVENTORY_FILTER_DEFAULTS } from "@domain/orders/order-filters";
import { ZInventoryFilters } from "@domain/orders/order-filters-input";
import { lineName } from "@domain/catalog/line-name";
import { PRODUCT_CATEGORIES, type TProductCategory } from "@domain/catalog/catalog";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { actionResponse } from "~/http/action-response.server";
import { parseThen } from "@domain/errors/app-error";
import { setProductSupply, ZProductSupply } from "@server/inventory/set-product-supply";
import { setStockCount, ZStockCount } from "@server/inventory/set-stock-count";
import { listInventory } from "@server/inventory/list-inventory";
import { filteredListLoader } from "~/http/filtered-list.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/inventory", args);

export const loader = filteredListLoader("staff", ZInventoryFilters, listInventory);

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  const result =
    fields.intent === "supply"
      ? await parseThen(ZProductSupply, fields, ["threshold", "supplier"], (input) => setProductSupply(staff, input))
      : await parseThen(ZStockCount, fields, ["onHand", "reason"], (input) => setStockCount(staff, input));
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "Saved", description: r.message }),
    failedTitle: "Not changed",
  });
}

type TRow = Route.ComponentProps["loaderData"]["rows"][number];

function StockForm({ row }: { row: TRow }) {
  return (
    <ItemForm
      intent="stock"
      hidden={{ variantId: row.variantId }}
      action="/staff/inventory"
      className="space-y-2"
      label={`Stock count for ${row.sku}`}
      fields={(fieldError) => (
        <div className="grid grid-cols-[7rem_1fr] gap-2">
          <WholeNumberField
            key={row.onHand}
            label="On hand"
            name="onHand"
            min={0}
            max={MAX_ON_HAND}
            step={1}
            defaultValue={row.onHand}
            error={fieldError("onHand")}
          />
          <Field
            key={`r${row.onHand}`}
            label="Reason"
            name="reason"
            autoComplete="off"
            placeholder="Stock take, delivery, damage..."
            maxLength={200}
            error={fieldError("reason")}
          />
        </div>
      )}
      submit="Save count"
    />
  );
}

function SupplyForm({ row }: { row: TRow }) {
  return (
    <ItemForm
      intent="supply"
      hidden={{ productId: row.productId }}
      action="/staff/inventory"
      className="space-y-2"
      label={`Supplier and threshold for ${row.productName}`}
      fields={(fieldError) => (
        <div className="grid grid-cols-[7rem_1fr] gap-2">
          <WholeNumberField
            key={`t${row.threshold}`}
            label="Threshold"
            name="threshold"
            min={0}
            step={1}
            defaultValue={row.threshold}
            error={fieldError("threshold")}
          />
          <Field
            key={`s${row.supplier}`}
            label="Supplier"
            name="supplier"
            autoComplete="off"
            defaultValue={row.supplier ?? ""}
            maxLength={120}
            error={fieldError("supplier")}
          />
        </div>
      )}
      submit="Save for the product"
      tone="outline"
    />
  );
}

function InventoryRow({ row, firstOfProduct }: { row: TRow; firstOfProduct: boolean }) {
  const title = lineName(row);
  return (
    <li className="px-4 py-3" data-testid="inventory-row">
      <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-[minmax(0,3fr)_repeat(4,minmax(0,1fr))_minmax(0,2fr)] sm:items-center">
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <p className="font-medium">
            <Link to={`/store/${row.slug}`} className="hover:underline">
              {title}
            </Link>
            {!row.active ? <span className="ml-2 text-xs text-muted">(not on sale)</span> : null}
          </p>
          <p className="truncate text-xs text-muted">
            <span className="font-mono">{row.sku}</span> · {PRODUCT_CATEGORIES[row.category as TProductCategory] ?? row.category}
          </p>
        </div>
        <Figure label="On hand" value={row.onHand} />
        <Figure label="Reserved" value={row.reserved} />
        <Figure label="Available" value={row.available} tone={row.low ? "text-danger font-semibold" : ""} testId="available" />
        <Figure label="Threshold" value={row.threshold} />
        <p className="col-span-2 min-w-0 text-sm sm:col-span-1">
          <span className="text-xs text-muted sm:hidden">Supplier </span>
          {row.supplier ?? <span className="text-muted">Not set</span>}
        </p>
      </div>
      {row.low ? (
        <p className="mt-1 text-xs font-semibold text-danger" data-testid="low-stock">
          {row.available <= 0 ? "Out of stock" : "Low stock"}: under the threshold of {row.threshold}
        </p>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand">
          Edit stock{firstOfProduct ? ", supplier and threshold" : ""}
        </summary>
        <div className="mt-3 grid gap-4 lg:grid-cols-2">
          <StockForm row={row} />
          {firstOfProduct ? <SupplyForm row={row} /> : null}
        </div>
      </details>
    </li>
  );
}

function Figure({ label, value, tone = "", testId }: { label: string; value: number; tone?: string; testId?: string }) {
  return (
    <p className="text-sm">
      <span className="text-xs text-muted sm:sr-only">{label} </span>
      <span className={tone} data-testid={testId}>
        {value.toLocaleString("en-NG")}
      </span>
    </p>
  );
}

export default function StaffInventory({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, page, pageCount } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="Inventory"
        intro="Stock per item. Reserved is held by orders awaiting payment; available is what the store can still sell. Set a counted number after a stock take or a delivery; falling under the threshold alerts the admins."
      />

      <StaffFilterForm label="Filter inventory" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <SearchField value={filters.q} placeholder="Product, SKU or supplier" />
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="low" value="1" defaultChecked={filters.low} className="h-5 w-5 accent-[var(--brand)]" />
          Low stock only
        </label>
        <button type="submit" className={buttonClass.primary}>
          Apply
        </button>
      </StaffFilterForm>

      <StaffList
        count={{
          total,
          pageSize: INVENTORY_PAGE_SIZE,
          shown: rows.length,
          noun: "item",
          none: "No items match.",
          testId: "inventory-count",
        }}
        empty={{ filtered: !!(filters.q || filters.low), clearTo: "/staff/inventory", text: "The catalogue has no products yet." }}
        pages={{
          page: page,
          pageCount: pageCount,
          hrefFor: (p) => `/staff/inventory${listQuery({ ...filters, page: p }, INVENTORY_FILTER_DEFAULTS)}`,
        }}
      >
        <div className={`${cardClass} !p-0`}>
          <div
            className="hidden grid-cols-[minmax(0,3fr)_repeat(4,minmax(0,1fr))_minmax(0,2fr)] gap-x-4 border-b border-line px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted sm:grid"
            aria-hidden
          >
            <span>Product</span>
            <span>On hand</span>
            <span>Reserved</span>
            <span>Available</span>
            <span>Threshold</span>
            <span>Supplier</span>
          </div>
          <ul className="divide-y divide-line" aria-label="Inventory">
            {rows.map((row, i) => (
              <InventoryRow key={row.variantId} row={row} firstOfProduct={i === 0 || rows[i - 1]!.productId !== row.productId} />
            ))}
          </ul>
        </div>
      </StaffList>
    </div>
  );
}

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrol } from "../../../tests/support/certificate-fixtures";
import { listProduct, makeSeller } from "../../../tests/support/marketplace-fixtures";
import { apiTokens, registeredPerson, useGateway } from "../../../tests/support/gateway-fixtures";
import { makeUser, placeSeededOrder } from "../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { readViewerById } from "../../auth/viewer";
import { notifyUser } from "../../notifications/notify-user";
import { confirmOfflinePayment } from "../../payments/confirm-offline-payment";
import { getDb } from "../../db/client";
import { courseIntakes, courses, lessons } from "../../academy/schema";
import { listProducts } from "../../catalog/list-products";
import { seedAcademy } from "../../db/seed/seed-academy";
import { seedCatalog } from "../../db/seed/seed-catalog";
import { seedZavCharge } from "../../db/seed/seed-zavcharge";

// The gateway's lists (docs/product/api-gateway.md#lists): a person's orders and notifications, ZavCharge's stations,
// the store's products, the academy's courses and the marketplace's listings, paged by cursor the same way, each item once across the pages;
// another person's order is not found, and another person's lesson is refused.

useTestDatabase();

const call = useGateway("LISTS01");

async function get(path: string, token?: string) {
  const { status, body } = await call("GET", path, { token });
  return { status, body };
}

/** A registered person signed in through the API, and their orders placed through checkout. */
async function customerWithOrders(name: string, count: number) {
  const person = await registeredPerson(name);
  const { viewer } = (await readViewerById(getDb(), person.id))!;
  const numbers: number[] = [];
  for (let i = 0; i < count; i++) numbers.push((await placeSeededOrder(viewer)).number);
  return { token: (await apiTokens(call, person.email, `lists-${person.id}`)).token, numbers };
}

/** Every item of a list, page by page, following nextCursor. */
async function allPages(path: string, token?: string) {
  const pages: { number?: string; id?: number }[][] = [];
  let cursor: string | null = null;
  do {
    const { status, body }: { status: number; body: Record<string, unknown> } = await get(
      `${path}${path.includes("?") ? "&" : "?"}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      token,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    pages.push(body.items as { number?: string }[]);
    cursor = body.nextCursor as string | null;
  } while (cursor && pages.length < 20);
  return pages;
}

describe("orders", () => {
  it("come newest first, two a page, each once, and only the person's own", async () => {
    const ada = await customerWithOrders("Adaeze Okonkwo", 5);
    const bayo = await customerWithOrders("Bayo Adekunle", 1);
    const pages = await allPages("/orders", ada.token);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((o) => o.number)).toEqual([...ada.numbers].reverse().map((n) => `ZV-${n}`));

    const first = await get(`/orders/ZV-${ada.numbers[0]}`, ada.token);
    expect(first).toMatchObject({ status: 200, body: { number: `ZV-${ada.numbers[0]}`, currency: "NGN", status: "pending_payment" } });
    expect((first.body.timeline as unknown[]).length).toBeGreaterThan(0);
    expect(await get(`/orders/ZV-${bayo.numbers[0]}`, ada.token)).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect(await get(`/orders?cursor=not-a-cursor`, ada.token)).toMatchObject({ status: 400, body: { field: "cursor" } });
    expect(await get(`/orders?limit=500`, ada.token)).toMatchObject({ status: 400, body: { field: "limit" } });
    expect(await get(`/orders`)).toMatchObject({ status: 401 });
  });

  it("give their receipt as a PDF once paid; an unpaid order, or another person's, has none", async () => {
    const chioma = await registeredPerson("Chioma Eze");
    const { viewer } = (await readViewerById(getDb(), chioma.id))!;
    const order = await placeSeededOrder(viewer);
    const token = (await apiTokens(call, chioma.email, `receipt-${chioma.id}`)).token;
    const receipt = () =>
      fetch(`${call.base()}/orders/ZV-${order.number}/receipt.pdf`, {
        headers: { "X-API-Version": "1.0", Authorization: `Bearer ${token}` },
      });
    const unpaid = await receipt();
    expect(unpaid.status).toBe(404);
    expect(await unpaid.json()).toMatchObject({ code: "not_found", message: "This order has no receipt yet: it is not paid." });

    const staff = await makeUser("staff", "Funmilayo Adebayo");
    expect((await confirmOfflinePayment({ orderId: order.id, reference: `GTB/TRF/${order.number}`, staff })).ok).toBe(true);
    const paid = await receipt();
    expect(paid.status).toBe(200);
    expect(paid.headers.get("content-type")).toBe("application/pdf");
    expect(paid.headers.get("content-disposition")).toBe(`attachment; filename="zavolah-receipt-ZV-${order.number}.pdf"`);
    expect(
      Buffer.from(await paid.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const other = await customerWithOrders("Kunle Ade", 0);
    expect(await get(`/orders/ZV-${order.number}/receipt.pdf`, other.token)).toMatchObject({ status: 404, body: { code: "not_found" } });
  });
});

describe("stations", () => {
  it("come in the network page's order with live availability, each once across the pages, filtered like the page", async () => {
    await seedZavCharge();
    const pages = await allPages("/stations");
    const ids = pages.flat().map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const whole = await get("/stations?limit=100");
    expect((whole.body.items as { id: number }[]).map((s) => s.id)).toEqual(ids);
    const lagos = await get("/stations?city=Lagos&limit=100");
    expect((lagos.body.items as { state: string; city: string }[]).every((s) => `${s.city} ${s.state}`.includes("Lagos"))).toBe(true);
    const [station] = whole.body.items as { slug: string; totalSlots: number }[];
    const detail = await get(`/stations/${station!.slug}`);
    expect(detail).toMatchObject({ status: 200, body: { slug: station!.slug } });
    expect((detail.body.slots as unknown[]).length).toBe(station!.totalSlots);
    expect(await get("/stations/no-such-station")).toMatchObject({ status: 404 });
    expect(await get("/stations?status=exploded")).toMatchObject({ status: 400, body: { field: "status" } });
  });
});

describe("notifications", () => {
  it("come newest first a page at a time with the unread count, and are marked read one or all at once", async () => {
    const person = await registeredPerson("Ifeoma Chukwu");
    for (let i = 1; i <= 3; i++)
      await getDb().transaction((tx) =>
        notifyUser(tx, { userId: person.id, type: "other", title: `Notice ${i}`, message: `Message ${i}` }),
      );
    const { token } = await apiTokens(call, person.email, "ifeoma-phone-001");
    const pages = await allPages("/notifications", token);
    expect(pages.flat().map((n) => (n as { title?: string }).title)).toEqual(["Notice 3", "Notice 2", "Notice 1"]);
    const first = await get("/notifications?limit=1", token);
    expect(first.body).toMatchObject({ unread: 3 });
    const [newest] = first.body.items as { id: number }[];
    const read = await call("POST", `/notifications/${newest!.id}/read`, { token, body: {} });
    expect(read).toMatchObject({ status: 200, body: { unread: 2 } });
    expect(await call("POST", "/notifications/read-all", { token, body: {} })).toMatchObject({ body: { unread: 0 } });
    const prefs = await call("POST", "/notifications/preferences", { token, body: { marketingEmails: false } });
    expect(prefs).toMatchObject({ status: 200, body: { marketingEmails: false } });
    expect(await call("POST", "/notifications/preferences", { token, body: { volume: 11 } })).toMatchObject({ status: 400 });
  });
});

describe("the store's catalogue", () => {
  it("pages through the products as /store orders them, each once, and finds one with its variants", async () => {
    await seedCatalog();
    const pages = await allPages("/products");
    const slugs = pages.flat().map((p) => (p as { slug?: string }).slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const { items, total } = (await listProducts({})) as { items: { slug: string }[]; total: number };
    expect(slugs).toHaveLength(total);
    expect(slugs.slice(0, items.length)).toEqual(items.map((p) => p.slug));
    const product = await get(`/products/${slugs[0]}`);
    expect(product).toMatchObject({ status: 200, body: { slug: slugs[0] } });
    expect((product.body.variants as unknown[]).length).toBeGreaterThan(0);
    expect(await get("/products/no-such-product")).toMatchObject({ status: 404 });
    const searched = await get("/products?q=solar");
    expect((searched.body.items as { name: string }[]).length).toBeGreaterThan(0);
  });
});

describe("the academy", () => {
  it("lists the courses, and an enrolled student reads a lesson and marks it done, which another person cannot", async () => {
    await seedAcademy("nobody.enrolled@example.ng");
    const pages = await allPages("/courses");
    const courseSlugs = pages.flat().map((c) => (c as { slug?: string }).slug);
    expect(courseSlugs.length).toBeGreaterThan(0);

    const [course] = await getDb().select().from(courses).where(eq(courses.slug, courseSlugs[0]!));
    const [intake] = await getDb().select().from(courseIntakes).where(eq(courseIntakes.courseId, course!.id));
    const [lesson] = await getDb()
      .select()
      .from(lessons)
      .where(and(eq(lessons.courseId, course!.id), eq(lessons.isPreview, false)));
    const student = await registeredPerson("Yusuf Danjuma");
    await enrol(student.id, course!.id, intake!.id);
    const { token } = await apiTokens(call, student.email, "yusuf-phone-0001");
    const path = `/courses/${course!.slug}/lessons/${lesson!.slug}`;
    const read = await get(path, token);
    expect(read).toMatchObject({
      status: 200,
      body: { lesson: { slug: lesson!.slug, title: lesson!.title }, enrolment: { progressPct: 0 } },
    });
    const done = await call("POST", `${path}/complete`, { token, body: {} });
    expect(done).toMatchObject({ status: 200, body: { alreadyDone: false } });
    expect(done.body.progressPct).toBeGreaterThan(0);
    const learning = await get("/learning", token);
    expect(learning.body.courses).toEqual([expect.objectContaining({ slug: course!.slug, completedLessons: 1 })]);

    const outsider = await registeredPerson("Hauwa Bello");
    const theirs = await apiTokens(call, outsider.email, "hauwa-phone-0001");
    expect(await get(path, theirs.token)).toMatchObject({ status: 403, body: { code: "forbidden" } });
    expect(await call("POST", `${path}/complete`, { token: theirs.token, body: {} })).toMatchObject({ status: 403 });
  });
});

describe("the marketplace", () => {
  it("pages through the published listings as /marketplace orders them, each once, and shows one with its seller", async () => {
    const seller = await makeSeller("seller", "Chinedu Eze");
    for (const priceKobo of [4_500_000, 6_200_000, 8_900_000]) await listProduct(seller, { priceKobo, stock: 3 });
    const pages = await allPages(`/marketplace/listings?seller=${seller.slug}&sort=price-asc`);
    const listed = pages.flat() as { slug: string; priceKobo: number }[];
    expect(listed.map((l) => l.priceKobo)).toEqual([4_500_000, 6_200_000, 8_900_000]);
    const one = await get(`/marketplace/listings/${listed[0]!.slug}`);
    expect(one).toMatchObject({
      status: 200,
      body: { slug: listed[0]!.slug, kind: "product", seller: { slug: seller.slug, displayName: "Chinedu Eze Studio" }, files: [] },
    });
    expect(one.body).not.toHaveProperty("id");
    expect(await get("/marketplace/listings/no-such-listing")).toMatchObject({ status: 404 });
  });
});

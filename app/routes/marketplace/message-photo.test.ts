import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listProduct, makeSeller } from "../../../tests/support/marketplace-fixtures";
import { browserHeaders } from "../../../tests/support/requests";
import { checkoutFor, createCustomer, makeUser, placeOrderOrFail } from "../../../tests/support/store-fixtures";
// Renamed: in app/ the React hooks lint would take a use- name for a hook.
import { useTestDatabase as withTestDatabase } from "../../../tests/support/test-database";
import type { TViewer } from "@domain/access/roles";
import { ZMessage } from "@domain/marketplace/message-input";
import { accessMiddleware, viewerContext } from "~/http/access.server";
import { getDb } from "@server/db/client";
import { env } from "@server/env";
import { listMessages } from "@server/marketplace/list-messages";
import { moveOldMessagePhotos } from "@server/marketplace/move-old-message-photos";
import { marketplaceMessages } from "@server/marketplace/schema";
import { sendMessage } from "@server/marketplace/send-message";
import { markOrderPaid } from "@server/orders/mark-order-paid";
import { subOrders } from "@server/orders/schema";
import { eq } from "drizzle-orm";
import { loader } from "./message-photo";

// Photos sent with buyer-seller messages (docs/product/marketplace.md#messages) are shown to those two people only.

withTestDatabase();

const ORIGIN = "http://localhost:3000";
let previousDataDir: string;

beforeAll(async () => {
  previousDataDir = env.DATA_DIR;
  env.DATA_DIR = await mkdtemp(join(tmpdir(), "zavolah-message-photos-"));
});
afterAll(() => {
  env.DATA_DIR = previousDataDir;
});

const viewerOf = (c: { userId: string; email: string; name: string }): TViewer => ({
  id: c.userId,
  name: c.name,
  email: c.email,
  role: "customer",
  capabilities: [],
  image: null,
});

async function picture() {
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#7c2d12" } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "desk.jpg", { type: "image/jpeg" });
}

/** A paid order of one seller's desk: the buyer, the seller and the part they write about. */
async function paidPart() {
  const seller = await makeSeller("seller", "Musa Danjuma");
  const desk = await listProduct(seller, { priceKobo: 3_000_000, stock: 3 });
  const customer = await createCustomer("Ngozi Eze");
  const { order } = await placeOrderOrFail({
    customer,
    checkout: checkoutFor(customer.name),
    lines: [{ kind: "listing", listingId: desk.id, quantity: 1 }],
  });
  await getDb().transaction((tx) =>
    markOrderPaid(tx, {
      orderId: order.id,
      actorLabel: "Staff",
      payment: { method: "bank_transfer", reference: `GTB-${randomUUID().slice(0, 8)}`, amountKobo: order.totalKobo },
    }),
  );
  const [part] = await getDb().select().from(subOrders).where(eq(subOrders.orderId, order.id));
  return { seller, buyer: viewerOf(customer), part: part! };
}

/** The photo route as the server runs it for a signed-in viewer: 200 with the picture, or the thrown refusal. */
async function open(viewer: TViewer, url: string): Promise<Response> {
  const [, , , messageId, , size] = url.split("/");
  const context = new RouterContextProvider();
  context.set(viewerContext, viewer);
  try {
    return await loader({ request: new Request(`${ORIGIN}${url}`), context, params: { messageId, size } } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown)
      return new Response(null, { status: (thrown as { init: { status: number } }).init.status });
    throw thrown;
  }
}

/** An anonymous visitor through the access middleware, as the server runs it before the loader. */
async function openAnonymously(url: string) {
  const next = vi.fn(async () => new Response("reached the route"));
  const request = new Request(`${ORIGIN}${url}`, { headers: browserHeaders() });
  const outcome = await Promise.resolve(
    accessMiddleware({ request, context: new RouterContextProvider(), params: {}, unstable_pattern: url } as never, next),
  ).catch((e: unknown) => e);
  return { outcome, reached: next.mock.calls.length > 0 };
}

/** Every file under the public uploads folder (served to anyone by the static file server). */
async function publicFiles(): Promise<string[]> {
  const root = join(env.DATA_DIR, "uploads");
  if (!existsSync(root)) return [];
  return (await readdir(root, { recursive: true })).map(String);
}

describe("a message photo", () => {
  it("is shown to the buyer and the seller, and to nobody else", async () => {
    const { seller, buyer, part } = await paidPart();
    const msg = ZMessage.parse({ subOrderId: String(part.id), body: "Here is the finish on your desk." });
    expect(await sendMessage(seller, msg, await picture())).toMatchObject({ ok: true });
    expect(await publicFiles()).toEqual([]);

    const [sent] = (await listMessages([part.id], buyer.id)).get(part.id)!;
    const { small, large } = sent!.photo!;
    expect(small).toMatch(/^\/marketplace\/messages\/\d+\/photo\/small$/);
    expect(large).toMatch(/^\/marketplace\/messages\/\d+\/photo\/large$/);

    for (const [viewer, url] of [
      [buyer, small],
      [buyer, large],
      [seller, small],
    ] as const) {
      const res = await open(viewer, url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="message-\d+-(480|1200)\.webp"/);
      expect(res.headers.get("cache-control")).toMatch(/^private/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");
    }

    const stranger = viewerOf(await createCustomer("Kemi Adeyemi"));
    const staff = await makeUser("staff", "Tunde Bakare");
    for (const viewer of [stranger, staff]) {
      expect((await open(viewer, small)).status).toBe(404);
      expect((await open(viewer, large)).status).toBe(404);
    }
    expect((await open(buyer, small.replace("/small", "/huge"))).status).toBe(404);

    const anonymous = await openAnonymously(small);
    expect(anonymous.reached).toBe(false);
    expect((anonymous.outcome as Response).headers.get("location")).toMatch(/^\/\?login=true/);
  });

  it("sent before photos were private is moved out of the public folder and kept for the two people", async () => {
    const { seller, buyer, part } = await paidPart();
    const id = randomUUID();
    const dir = join(env.DATA_DIR, "uploads", "listings");
    await mkdir(dir, { recursive: true });
    const webp = await sharp({ create: { width: 480, height: 320, channels: 3, background: "#14532d" } })
      .webp()
      .toBuffer();
    await writeFile(join(dir, `${id}-480.webp`), webp);
    await writeFile(join(dir, `${id}-1200.webp`), webp);
    const [old] = await getDb()
      .insert(marketplaceMessages)
      .values({
        subOrderId: part.id,
        senderUserId: buyer.id,
        body: "The leg is cracked.",
        photoSmall: `/uploads/listings/${id}-480.webp`,
        photoLarge: `/uploads/listings/${id}-1200.webp`,
        photoWidth: 480,
        photoHeight: 320,
      })
      .returning();

    expect(await moveOldMessagePhotos()).toBe(1);
    expect(await publicFiles()).toEqual(["listings"]);
    expect(await moveOldMessagePhotos()).toBe(0);

    const url = `/marketplace/messages/${old!.id}/photo/small`;
    expect((await open(buyer, url)).status).toBe(200);
    expect((await open(seller, `/marketplace/messages/${old!.id}/photo/large`)).status).toBe(200);
    expect((await open(viewerOf(await createCustomer("Kemi Adeyemi")), url)).status).toBe(404);
  });
});

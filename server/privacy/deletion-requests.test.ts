import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TViewer } from "@domain/access/roles";
import { reviewerName } from "@domain/marketplace/reviews";
import { erasedEmailFor, ERASED_NAME } from "@domain/privacy/deletion-requests";
import { createTestCertificate, createTestCourse, enrol } from "../../tests/support/certificate-fixtures";
import { listProduct, makeSeller } from "../../tests/support/marketplace-fixtures";
import { browserHeaders } from "../../tests/support/requests";
import { createSession } from "../../tests/support/sessions";
import { createTestProduct, makeUser, placeTestOrder } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { findCertificate } from "../academy/find-certificate";
import { courseReviews, enrolments, learningActivities, submissions, assignments } from "../academy/schema";
import { adminAlerts } from "../alerts/schema";
import { serviceAppointments } from "../appointments/schema";
import { recordAudit } from "../audit/record-audit";
import { auditLog } from "../audit/schema";
import { getAuth } from "../auth/auth";
import { accounts, passwordResetAudit, rateLimits, sessions, twoFactors, users } from "../auth/schema";
import { signIn } from "../auth/sign-in";
import { campaignRecipients, campaigns } from "../campaigns/schema";
import { cartAbandonments, carts } from "../cart/schema";
import { setSellerSuspension } from "../marketplace/set-seller-suspension";
import { createCampaign } from "../campaigns/create-campaign";
import { getCrmImport } from "../crm/get-crm-import";
import { prepareCrmImport } from "../crm/prepare-crm-import";
import { guessMapping } from "@domain/migration/migration";
import { cancelMigrationRun } from "../migration/cancel-migration-run";
import { checkMigrationRun } from "../migration/check-migration-run";
import { migrationRecords, migrationRuns } from "../migration/schema";
import { uploadMigrationFile } from "../migration/upload-migration-file";
import { ZContactMessage } from "@domain/content/content-input";
import { sendContactMessage } from "../content/contact/send-contact-message";
import { newsletterSubscribers } from "../content/schema";
import { gatherCrmContacts } from "../crm/gather-contacts";
import { crmActivities, crmContacts, crmContactTags } from "../crm/schema";
import { getDb } from "../db/client";
import {
  consultationRequests,
  marketplaceMessages,
  marketplacePayouts,
  marketplaceReviews,
  marketplaceSavedListings,
  sellerApplications,
  sellers,
  marketplaceListings,
} from "../marketplace/schema";
import { outbox } from "../messaging/schema";
import { notifications } from "../notifications/schema";
import { orderEvents, orders, subOrders } from "../orders/schema";
import { webhookEvents } from "../payments/schema";
import { powerInstallations } from "../power/schema";
import { subscriptions } from "../subscriptions/schema";
import { exportPersonalData, personalDataJson } from "../users/export-personal-data";
import { userCapabilities } from "../users/schema";
import { postWalletEntry } from "../zavcharge/wallet/post-wallet-entry";
import { zavchargeAccounts, zavchargePlans } from "../zavcharge/schema";
import { askForDeletion } from "./ask-for-deletion";
import { completeDeletion } from "./complete-deletion";
import { declineDeletionRequest } from "./decline-deletion-request";
import { followUpDeletionRequests } from "./follow-up-deletion-requests";
import { getMyDeletionRequest } from "./get-my-deletion-request";
import { listDeletionRequests } from "./list-deletion-requests";
import { deletionRequests } from "./schema";
import { withdrawDeletionRequest } from "./withdraw-deletion-request";

// Deletion requests (docs/product/privacy-requests.md): asking, withdrawing, declining, completing, and what is left of a
// person afterwards: nothing that says who they were, while their orders' amounts stay.

useTestDatabase();

const PASSWORD = "Sunshine2026!";
let ipCounter = 0;
const nextIp = () => `10.77.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
const ask = (viewer: TViewer, over: { password?: string; confirmWord?: string; forfeitBalance?: boolean } = {}) =>
  askForDeletion(viewer, { password: PASSWORD, confirmWord: "", forfeitBalance: false, ...over }, { ip: nextIp() });

/** A customer who signs in with a password, as registration leaves them. */
async function customer(name: string, phone = "+2348035550000") {
  const viewer = await makeUser("customer", name);
  await getDb().update(users).set({ phone }).where(eq(users.id, viewer.id));
  const hash = await (await getAuth().$context).password.hash(PASSWORD);
  await getDb()
    .insert(accounts)
    .values({ id: randomUUID(), accountId: viewer.id, providerId: "credential", userId: viewer.id, password: hash });
  return viewer;
}

const mailTo = (email: string) => getDb().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);
const requestOf = async (id: number) => (await getDb().select().from(deletionRequests).where(eq(deletionRequests.id, id)))[0]!;

describe("asking for deletion", () => {
  it("checks the password, records one open request due in 30 days, acknowledges it, audits it and tells staff", async () => {
    const staff = await makeUser("staff", "Bisi Adewale");
    const ada = await customer("Adaora Eze");
    const wrong = await ask(ada, { password: "not-my-password" });
    expect(wrong).toMatchObject({ ok: false, error: { field: "password", message: "Your current password is not correct" } });
    expect(await getDb().$count(deletionRequests, eq(deletionRequests.userId, ada.id))).toBe(0);

    const asked = await ask(ada);
    expect(asked.ok).toBe(true);
    if (!asked.ok) return;
    const row = await requestOf(asked.requestId);
    expect(row.status).toBe("open");
    const days = (row.dueAt.getTime() - row.requestedAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(31.1);
    expect((await mailTo(ada.email)).map((m) => m.kind)).toContain("privacy-deletion-requested");
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "privacy.deletion.request"), eq(auditLog.resourceId, String(asked.requestId))));
    expect(audit).toMatchObject({ actorId: ada.id, resourceType: "deletion_request" });
    const [notice] = await getDb().select().from(notifications).where(eq(notifications.userId, staff.id));
    expect(notice!.title).toBe(`New data deletion request ${asked.reference}`);
    expect(notice!.message).not.toContain("Adaora");
    expect((await mailTo(staff.email)).map((m) => m.kind)).toContain("staff-notification");

    // A second ask finds the first; the account page shows the open one.
    expect(await ask(ada)).toMatchObject({ ok: false, error: { code: "conflict" } });
    expect((await getMyDeletionRequest(ada)).open).toMatchObject({ id: asked.requestId, reference: asked.reference, holds: [] });
  });

  it("asks an account without a password to type DELETE, and refuses staff and admins", async () => {
    const tolu = await makeUser("customer", "Tolu Ogun");
    expect((await getMyDeletionRequest(tolu)).needsPassword).toBe(false);
    expect(await ask(tolu, { confirmWord: "yes" })).toMatchObject({ ok: false, error: { field: "confirmWord" } });
    expect((await ask(tolu, { confirmWord: "DELETE" })).ok).toBe(true);

    for (const role of ["staff", "admin"] as const) {
      const member = await makeUser(role, `Team ${role}`);
      expect(await ask(member)).toMatchObject({ ok: false, error: { code: "forbidden" } });
      expect((await getMyDeletionRequest(member)).canAsk).toBe(false);
    }
  });

  it("asks the person to give up a ZavCharge balance knowingly", async () => {
    const kemi = await customer("Kemi Alade");
    await zavchargeAccountFor(kemi, 250_000);
    expect(await ask(kemi)).toMatchObject({
      ok: false,
      error: { field: "forfeitBalance", message: expect.stringContaining("₦2,500.00") },
    });
    const asked = await ask(kemi, { forfeitBalance: true });
    expect(asked.ok && (await requestOf(asked.requestId)).forfeitsZavchargeBalance).toBe(true);
  });

  it("lets the person withdraw their own open request once, and limits asking to three times in 30 days", async () => {
    const femi = await customer("Femi Ojo");
    const other = await customer("Grace Nnaji");
    for (let i = 0; i < 3; i++) {
      const asked = await ask(femi);
      if (!asked.ok) throw asked.error;
      expect(await withdrawDeletionRequest(other, asked.requestId)).toMatchObject({ ok: false, error: { code: "not_found" } });
      expect(await withdrawDeletionRequest(femi, asked.requestId)).toMatchObject({ ok: true, reference: asked.reference });
      expect(await withdrawDeletionRequest(femi, asked.requestId)).toMatchObject({ ok: false, error: { code: "conflict" } });
      expect((await requestOf(asked.requestId)).status).toBe("withdrawn");
    }
    expect(await ask(femi)).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    expect((await mailTo(femi.email)).filter((m) => m.kind === "privacy-deletion-withdrawn")).toHaveLength(3);
    expect(await getDb().$count(auditLog, eq(auditLog.action, "privacy.deletion.withdraw"))).toBeGreaterThanOrEqual(3);
    expect((await getMyDeletionRequest(femi)).last).toMatchObject({ status: "withdrawn" });
  });
});

describe("deciding a request", () => {
  it("is for staff only: a customer can neither complete nor decline", async () => {
    const chidi = await customer("Chidi Okeke");
    const asked = await ask(chidi);
    if (!asked.ok) throw asked.error;
    const nosy = await makeUser("customer", "Nosy Neighbour");
    expect(await completeDeletion(nosy, asked.requestId)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await declineDeletionRequest(nosy, { requestId: asked.requestId, reason: "Because I said so, friend." })).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect((await requestOf(asked.requestId)).status).toBe("open");
  });

  it("waits for an order on its way, and staff decline with a reason the person is told; they may ask again", async () => {
    const staff = await makeUser("staff", "Musa Danjuma");
    const ngozi = await customer("Ngozi Ibe");
    const { variant } = await createTestProduct({ priceKobo: 4_500_000, onHand: 10 });
    const { order } = await placeTestOrder({ userId: ngozi.id, email: ngozi.email, name: ngozi.name }, [
      { variantId: variant.id, quantity: 1 },
    ]);
    await getDb().update(orders).set({ status: "shipped", paidAt: new Date() }).where(eq(orders.id, order.id));
    const asked = await ask(ngozi);
    if (!asked.ok) throw asked.error;

    const held = await completeDeletion(staff, asked.requestId);
    expect(held).toMatchObject({
      ok: false,
      error: { code: "conflict", message: expect.stringContaining(`ZV-${order.number} is shipped`) },
    });
    const listed = (await listDeletionRequests(1)).open.find((r) => r.id === asked.requestId)!;
    expect(listed.holds.map((h) => h.reason)).toEqual([expect.stringContaining(`ZV-${order.number}`)]);
    expect((await getDb().select().from(users).where(eq(users.id, ngozi.id)))[0]!.email).toBe(ngozi.email);

    const reason = "Your solar kit is on its way to you: we need your address until it arrives. Ask again after delivery.";
    expect(await declineDeletionRequest(staff, { requestId: asked.requestId, reason })).toMatchObject({ ok: true });
    expect(await declineDeletionRequest(staff, { requestId: asked.requestId, reason })).toMatchObject({
      ok: false,
      error: { code: "conflict" },
    });
    const row = await requestOf(asked.requestId);
    expect(row).toMatchObject({ status: "declined", decidedById: staff.id, declineReason: reason });
    const declined = (await mailTo(ngozi.email)).find((m) => m.kind === "privacy-deletion-declined")!;
    expect(declined.text).toContain("Ask again after delivery");
    const closed = (await listDeletionRequests(1)).closed.rows.find((r) => r.id === asked.requestId)!;
    expect(closed).toMatchObject({ status: "declined", decidedBy: "Musa Danjuma", person: { name: "Ngozi Ibe" } });
    expect((await getMyDeletionRequest(ngozi)).last).toMatchObject({ status: "declined", reason });
    expect((await ask(ngozi)).ok).toBe(true);
  });
});

/** A ZavCharge account of the person's, with this much in the wallet. */
async function zavchargeAccountFor(viewer: TViewer, balanceKobo: number) {
  const db = getDb();
  await db
    .insert(zavchargePlans)
    .values({ code: "monthly", name: "Monthly", priceKobo: 500_000, periodDays: 30, sortOrder: 1 })
    .onConflictDoNothing();
  const [plan] = await db.select({ id: zavchargePlans.id }).from(zavchargePlans).where(eq(zavchargePlans.code, "monthly"));
  const [account] = await db
    .insert(zavchargeAccounts)
    .values({
      code: `ZAV${String(Date.now()).slice(-8)}${"ABCDEFGHJK"[ipCounter % 10]}QRS`,
      userId: viewer.id,
      name: viewer.name,
      email: viewer.email,
      phone: "+2348035550000",
      pinHash: "scrypt$not-a-real-hash",
      planId: plan!.id,
      rfidTag: `RFID-${randomUUID().slice(0, 8)}`,
    })
    .returning({ id: zavchargeAccounts.id });
  await db.transaction((tx) =>
    postWalletEntry(tx, {
      accountId: account!.id,
      kind: "top_up",
      amountKobo: balanceKobo,
      reference: `test:${account!.id}`,
      description: "Top-up",
    }),
  );
  return account!.id;
}

/** Every row of every table, as text, that mentions one of these (case aside); the tables and how many rows. */
async function mentionsAnywhere(needles: string[], exceptOutboxIds: number[] = []) {
  const db = getDb();
  const tables = (
    (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((r) => r.table_name);
  const pattern = needles.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const found: Record<string, number> = {};
  for (const table of tables) {
    const skip =
      table === "outbox" && exceptOutboxIds.length
        ? sql` and x.id not in (${sql.join(
            exceptOutboxIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
    const res = (await db.execute(
      sql`select count(*)::int as n from ${sql.raw(`"${table}"`)} x where x::text ~* ${pattern}${skip}`,
    )) as unknown as { rows: { n: number }[] };
    if (res.rows[0]!.n > 0) found[table] = res.rows[0]!.n;
  }
  return found;
}

describe("completing a deletion", () => {
  it("forgets the person everywhere, keeps their orders' amounts, and they can never sign in again", async () => {
    const db = getDb();
    const staff = await makeUser("staff", "Halima Sani");
    const phone = "+2348077712345";
    const ada = await customer("Adaeze Nwosu", phone);
    const needles = [ada.email, "Adaeze Nwosu", phone, "08077712345", "Adaeze N. Okoye", "+2348066654321", "7 Bode Thomas Street"];

    // Their account: a session, two-factor keys, a reset request, a sign-in counter, capabilities, a photo.
    await createSession(ada.id);
    await db.insert(twoFactors).values({ id: randomUUID(), userId: ada.id, secret: "totp-secret", backupCodes: "codes" });
    await db.insert(passwordResetAudit).values({ email: ada.email, ipAddress: "10.1.1.1", userAgent: "Mozilla/5.0" });
    await db.insert(rateLimits).values({ key: `sign-in:acct:${ada.email}`, points: 1 });
    await db.insert(userCapabilities).values([
      { userId: ada.id, capability: "student" },
      { userId: ada.id, capability: "seller" },
    ]);
    await db.update(users).set({ image: "/uploads/avatars/none.png", newsletterOptIn: true }).where(eq(users.id, ada.id));

    // Orders: one delivered (kept as it is, without her), one awaiting payment (cancelled), with another name and phone.
    const { variant } = await createTestProduct({ priceKobo: 4_500_000, onHand: 10 });
    const who = { userId: ada.id, email: ada.email, name: ada.name };
    const delivered = (
      await placeTestOrder(who, [{ variantId: variant.id, quantity: 2 }], { addressLine: "7 Bode Thomas Street", city: "Surulere" })
    ).order;
    const unpaid = (
      await placeTestOrder(who, [{ variantId: variant.id, quantity: 1 }], {
        fullName: "Adaeze N. Okoye",
        phone: "+2348066654321",
        addressLine: "7 Bode Thomas Street",
      })
    ).order;
    await db.update(orders).set({ status: "delivered", paidAt: new Date() }).where(eq(orders.id, delivered.id));
    await db.insert(orderEvents).values({
      orderId: delivered.id,
      toStatus: "delivered",
      actorLabel: staff.name,
      actorUserId: staff.id,
      note: `Rider called Adaeze Nwosu on 08077712345`,
    });
    const totalsBefore = await db
      .select({ id: orders.id, total: orders.totalKobo, vat: orders.vatKobo, number: orders.number })
      .from(orders)
      .where(eq(orders.userId, ada.id))
      .orderBy(orders.number);

    // What she sent us, booked, subscribed to, and was sent.
    // Through the form, so its auto-reply, the copy to sales and the CRM record exist too.
    const sent = await sendContactMessage(
      ZContactMessage.parse({
        name: ada.name,
        email: ada.email.toUpperCase(),
        phone: "0807 771 2345",
        subject: "Quote for Adaeze Nwosu's shop",
        inquiryType: "sales",
        message: "Please call me on 08077712345 about a 5 kVA system for the shop.",
      }),
      { ip: "102.89.1.1", userId: ada.id },
    );
    expect(sent.ok).toBe(true);
    await db.insert(newsletterSubscribers).values({ email: ada.email, name: ada.name, unsubscribeTokenHash: randomUUID(), userId: ada.id });
    await db.insert(serviceAppointments).values({
      reference: `ZS-${randomUUID().slice(0, 6).toUpperCase()}`,
      userId: ada.id,
      name: ada.name,
      email: ada.email,
      phone,
      serviceType: "solar-installation",
      preferredDate: "2027-01-15",
      state: "Lagos",
      location: "7 Bode Thomas Street, Surulere",
      notes: "Gate code 4411",
    });
    const [campaign] = await db
      .insert(campaigns)
      .values({ senderName: "Zavolah", senderEmail: "news@zavolah.ng", subject: "Harmattan offer", html: "<p>Offer</p>", audience: "list" })
      .returning();
    await db.insert(campaignRecipients).values({ campaignId: campaign!.id, email: ada.email, name: ada.name, source: "list" });
    const [cart] = await db.insert(carts).values({ userId: ada.id }).returning();
    await db.insert(cartAbandonments).values({
      cartId: cart!.id,
      userId: ada.id,
      email: ada.email,
      customerName: ada.name,
      items: [],
      valueKobo: 4_500_000,
      abandonedAt: new Date(Date.now() - 6 * 3600_000),
      recordedAt: new Date(),
    });
    // A file from the old system that named her, still waiting to be imported.
    const [run] = await db
      .insert(migrationRuns)
      .values({
        kind: "customers",
        fileName: "old-customers.csv",
        header: ["Email", "Name", "Phone"],
        rows: [[ada.email, "Adaeze Nwosu", "08077712345"]],
        mapping: {},
      })
      .returning();
    await db.insert(migrationRecords).values({
      runId: run!.id,
      position: 1,
      lines: [2],
      key: ada.email,
      data: { email: ada.email, name: "Adaeze Nwosu", phone },
      planned: "update",
    });
    await db.insert(notifications).values([
      { userId: ada.id, type: "order", title: "Order received", message: "Thank you!" },
      { userId: staff.id, type: "order", title: "New order", message: `Adaeze Nwosu ordered ₦90,000.00 worth of goods.` },
    ]);
    await db
      .insert(subscriptions)
      .values({ userId: ada.id, planName: "Monthly", priceKobo: 500_000, expiresAt: new Date(Date.now() + 9e8) });

    // The CRM's record with the team's note and tag.
    await gatherCrmContacts();
    const [record] = await db.select().from(crmContacts).where(eq(crmContacts.email, ada.email));
    await db.insert(crmActivities).values({ contactId: record!.id, authorId: staff.id, kind: "note", body: "Wants a 5 kVA system." });
    await db.insert(crmContactTags).values({ contactId: record!.id, tag: "solar-lead" });

    // ZavCharge with money she agreed to give up, the academy, the marketplace (as buyer and as seller), power.
    await zavchargeAccountFor(ada, 150_000);
    const { certificate } = await createTestCertificate(ada);
    const { course, intake } = await createTestCourse({ title: "Smart Furniture Basics" });
    const active = await enrol(ada.id, course.id, intake.id);
    const [assignment] = await db
      .insert(assignments)
      .values({
        courseId: course.id,
        title: "Measure a room",
        instructions: "Measure it.",
        maxScore: 10,
        passScore: 5,
        dueDaysAfterStart: 7,
      })
      .returning();
    await db.insert(submissions).values({ assignmentId: assignment!.id, enrolmentId: active.id, text: "My room at 7 Bode Thomas Street" });
    await db.insert(learningActivities).values({ userId: ada.id, courseId: course.id, type: "enrolled", title: "Enrolled" });
    await db.insert(courseReviews).values({ courseId: course.id, userId: ada.id, rating: 5, body: "Practical and clear." });

    const maker = await makeSeller("seller", "Emeka Obi");
    const listing = await listProduct(maker, { priceKobo: 3_000_000, stock: 4 });
    const [part] = await db
      .insert(subOrders)
      .values({
        orderId: delivered.id,
        sellerId: maker.sellerId,
        position: 2,
        status: "delivered",
        subtotalKobo: 3_000_000,
        shippingKobo: 0,
      })
      .returning();
    await db.insert(marketplaceReviews).values({
      subOrderId: part!.id,
      listingId: listing.id,
      sellerId: maker.sellerId,
      userId: ada.id,
      rating: 4,
      body: "Sturdy desk. Adaeze Nwosu, Surulere.",
    });
    await db
      .insert(marketplaceMessages)
      .values({ subOrderId: part!.id, senderUserId: ada.id, body: "Please deliver after 5pm, 08077712345." });
    await db.insert(marketplaceSavedListings).values({ userId: ada.id, listingId: listing.id });
    const architect = await makeSeller("architect", "Zainab Bello");
    await db.insert(consultationRequests).values({
      sellerId: architect.sellerId,
      userId: ada.id,
      brief: "A duplex in Lekki for Adaeze Nwosu, four bedrooms and a home office.",
      budgetKobo: 250_000_000,
      state: "Lagos",
      city: "Lekki",
    });
    const [store] = await db
      .insert(sellers)
      .values({
        userId: ada.id,
        slug: `adaeze-${randomUUID().slice(0, 6)}`,
        kind: "seller",
        displayName: "Adaeze Nwosu Designs",
        bio: "Adire cushions by Adaeze Nwosu.",
        category: "Home decor",
        phone,
        pickupState: "Lagos",
        pickupLga: "Surulere",
        bankCode: "058",
        accountNumber: "0123456781",
        accountName: "ADAEZE NWOSU",
        accountVerified: true,
      })
      .returning();
    const ownListing = await listProduct(
      { ...ada, capabilities: ["seller"], sellerId: store!.id, slug: store!.slug },
      { priceKobo: 900_000, stock: 3 },
    );
    await db.insert(marketplacePayouts).values({
      sellerId: store!.id,
      amountKobo: 500_000,
      status: "paid",
      bankCode: "058",
      accountNumber: "0123456781",
      accountName: "ADAEZE NWOSU",
      bankReference: "GTB-8812",
    });
    await db.insert(sellerApplications).values({
      userId: ada.id,
      kind: "seller",
      businessName: "Adaeze Nwosu Designs",
      bio: "Adire cushions and throws, hand-dyed in Abeokuta.",
      category: "Home decor",
      phone,
      pickupState: "Lagos",
      pickupLga: "Surulere",
      bankCode: "058",
      accountNumber: "0123456781",
      accountName: "ADAEZE NWOSU",
      status: "approved",
    });
    await db.insert(powerInstallations).values({
      siteName: "Adaeze Nwosu residence",
      customerUserId: ada.id,
      customerName: ada.name,
      customerEmail: ada.email,
      city: "Lagos",
      state: "Lagos",
      pvWp: 3000,
      inverterVa: 5000,
      latitude: 6.5,
      longitude: 3.35,
      ingestKeyHash: randomUUID(),
      ingestKeyHint: "ab12",
    });

    // Records that mention her elsewhere: the audit log, a provider's webhook, an admin alert.
    await recordAudit(db, { actorId: staff.id, action: "order.delivered", resourceType: "order", newData: { email: ada.email, phone } });
    await db.insert(webhookEvents).values({
      provider: "paystack",
      eventKey: randomUUID(),
      eventType: "charge.success",
      payload: { data: { customer: { email: ada.email, phone: "08077712345" }, amount: 9_000_000 } },
    });
    await db.insert(adminAlerts).values({
      type: "payment_check",
      title: "Check a payment",
      message: `Adaeze Nwosu (${ada.email}) paid twice.`,
      severity: "medium",
    });

    const before = await mentionsAnywhere(needles);
    expect(Object.keys(before).length, JSON.stringify(before)).toBeGreaterThan(20);

    const asked = await ask(ada, { forfeitBalance: true });
    if (!asked.ok) throw asked.error;
    const done = await completeDeletion(staff, asked.requestId);
    if (!done.ok) throw done.error;
    expect(done.forfeitedKobo).toBe(150_000);

    const request = await requestOf(asked.requestId);
    expect(request).toMatchObject({ status: "completed", decidedById: staff.id });
    expect(request.outcome).toMatchObject({ orders: expect.any(Number), account: expect.any(Number), crm: 1 });
    // The notice is the one copy left until it goes out.
    const [notice] = await db.select().from(outbox).where(eq(outbox.id, request.noticeOutboxId!));
    expect(notice).toMatchObject({ kind: "privacy-deletion-completed", recipient: ada.email, status: "queued" });

    // Nothing anywhere says who she was, apart from that notice.
    expect(await mentionsAnywhere(needles, [notice!.id])).toEqual({});
    const exported = personalDataJson((await exportPersonalData(ada.id))!);
    for (const n of needles) expect(exported.toLowerCase()).not.toContain(n.toLowerCase());
    expect(JSON.parse(exported).account).toMatchObject({ name: ERASED_NAME, email: erasedEmailFor(ada.id), phone: null, image: null });

    // Orders stay, with their amounts, numbers and lines; the unpaid one is cancelled.
    const totalsAfter = await db
      .select({ id: orders.id, total: orders.totalKobo, vat: orders.vatKobo, number: orders.number })
      .from(orders)
      .where(eq(orders.userId, ada.id))
      .orderBy(orders.number);
    expect(totalsAfter).toEqual(totalsBefore);
    const [kept] = await db.select().from(orders).where(eq(orders.id, delivered.id));
    expect(kept).toMatchObject({
      status: "delivered",
      customerName: ERASED_NAME,
      email: erasedEmailFor(ada.id),
      phone: "",
      addressLine: "",
      state: "Lagos",
    });
    expect((await db.select().from(orders).where(eq(orders.id, unpaid.id)))[0]!.status).toBe("cancelled");

    // What stays, without her: the certificate (valid, no name), reviews as "A customer", the closed store, enrolment figures.
    const cert = (await findCertificate(certificate.code))!;
    expect(cert).toMatchObject({ studentName: "", revokedAt: null });
    expect(cert.nameRemovedAt).not.toBeNull();
    const [review] = await db.select().from(marketplaceReviews).where(eq(marketplaceReviews.userId, ada.id));
    expect(review!.rating).toBe(4);
    const [reviewer] = await db.select({ name: users.name }).from(users).where(eq(users.id, ada.id));
    expect(reviewerName(reviewer!.name)).toBe("A customer");
    const [closedStore] = await db.select().from(sellers).where(eq(sellers.id, store!.id));
    expect(closedStore).toMatchObject({ status: "suspended", displayName: "Closed store", accountNumber: "" });
    const admin = await makeUser("admin", "Yetunde Bakare");
    expect(await setSellerSuspension(admin, { sellerId: store!.id, suspend: false, reason: "" })).toMatchObject({
      ok: false,
      error: { message: "This store closed when its owner had their data deleted; it cannot open again." },
    });
    expect((await db.select().from(marketplaceListings).where(eq(marketplaceListings.id, ownListing.id)))[0]!.status).toBe("unpublished");
    expect((await db.select().from(marketplacePayouts).where(eq(marketplacePayouts.sellerId, store!.id)))[0]).toMatchObject({
      amountKobo: 500_000,
      accountNumber: "******6781",
      bankReference: "GTB-8812",
    });
    expect((await db.select().from(enrolments).where(eq(enrolments.id, active.id)))[0]!.status).toBe("cancelled");
    expect(await db.$count(crmContacts, eq(crmContacts.userId, ada.id))).toBe(0);
    expect((await db.select().from(zavchargeAccounts).where(eq(zavchargeAccounts.email, ada.email))).length).toBe(0);

    // The CRM does not bring her back; the closed list shows the request without her; audited without her details.
    await gatherCrmContacts();
    expect(await mentionsAnywhere([erasedEmailFor(ada.id)], [])).not.toHaveProperty("crm_contacts");
    const closed = (await listDeletionRequests(1)).closed.rows.find((r) => r.id === asked.requestId)!;
    expect(closed).toMatchObject({ status: "completed", person: null, decidedBy: "Halima Sani" });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "privacy.deletion.complete"));
    expect(audit).toMatchObject({ actorId: staff.id, resourceId: String(asked.requestId) });

    // A second completion changes nothing.
    expect(await completeDeletion(staff, asked.requestId)).toMatchObject({ ok: false, error: { code: "conflict" } });

    // Once the notice has gone out, the follow-up job clears its copy too.
    expect((await followUpDeletionRequests()).cleared).toBe(0);
    await db.update(outbox).set({ status: "sent", sentAt: new Date() }).where(eq(outbox.id, notice!.id));
    expect((await followUpDeletionRequests()).cleared).toBe(1);
    expect(await mentionsAnywhere(needles)).toEqual({});
    expect((await requestOf(asked.requestId)).noticeOutboxId).toBeNull();

    // Lists brought in later leave her out by their line, keeping neither her address nor her old id.
    const oldList = `Email,Name\n${ada.email.toUpperCase()},Adaeze Nwosu\nkelechi.obi@example.ng,Kelechi Obi\n`;
    const crmList = await prepareCrmImport(staff, { fileName: "old-fair.csv", text: oldList, consent: true, tags: [] });
    if (!crmList.ok) throw crmList.error;
    expect(await getCrmImport(crmList.importId)).toMatchObject({
      total: 1,
      failed: 1,
      errors: [{ line: 2, value: "", reason: "This person asked us to delete their data" }],
    });
    const laterCampaign = await createCampaign(staff, {
      senderName: "Zavolah Deals",
      senderEmail: "news@zavolah.ng",
      subject: "Harmattan solar sale",
      html: "<p>20% off panels until Friday.</p>",
      logoUrl: "",
      audience: "list",
      recipients: `${ada.email}\nkelechi.obi@example.ng`,
      attest: "on",
    } as never);
    if (!laterCampaign.ok) throw laterCampaign.error;
    expect(await db.$count(campaignRecipients, eq(campaignRecipients.campaignId, laterCampaign.id))).toBe(1);
    const upload = await uploadMigrationFile(admin, {
      kind: "customers",
      fileName: "old-customers.csv",
      text: `Customer ID,Name,Email,Phone\nOLD-77,Adaeze Nwosu,${ada.email},08077712345\n`,
    });
    if (!upload.ok) throw upload.error;
    const dryRun = await checkMigrationRun(admin, upload.runId, guessMapping("customers", ["Customer ID", "Name", "Email", "Phone"]));
    expect(dryRun).toMatchObject({ ok: true, planned: { create: 0, refuse: 1 } });
    await cancelMigrationRun(admin, upload.runId);
    expect(await mentionsAnywhere(needles)).toEqual({});

    // She cannot sign in, under either address; nothing of her sign-in is left. (Last: a failed try is counted under the address.)
    expect(await signIn(ada.email, PASSWORD, nextIp(), browserHeaders())).toMatchObject({ ok: false });
    expect(await signIn(erasedEmailFor(ada.id), PASSWORD, nextIp(), browserHeaders())).toMatchObject({ ok: false });
    for (const table of [sessions, accounts, twoFactors] as const) expect(await db.$count(table, eq(table.userId, ada.id))).toBe(0);
    expect(await db.$count(userCapabilities, eq(userCapabilities.userId, ada.id))).toBe(0);
  });
});

describe("the follow-up job", () => {
  it("reminds staff once when a request has 7 days or fewer left", async () => {
    const staff = await makeUser("admin", "Ibrahim Lawal");
    const bola = await customer("Bola Tinubu-Ade");
    const asked = await ask(bola);
    if (!asked.ok) throw asked.error;
    expect((await followUpDeletionRequests()).reminded).toBe(0);
    const inThreeWeeks = new Date(Date.now() + 24 * 86_400_000);
    const first = await followUpDeletionRequests(inThreeWeeks);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect((await followUpDeletionRequests(inThreeWeeks)).reminded).toBe(0);
    const titles = (await getDb().select().from(notifications).where(eq(notifications.userId, staff.id))).map((n) => n.title);
    expect(titles.filter((t) => t.startsWith(`Deletion request ${asked.reference} is due on`))).toHaveLength(1);
  });
});

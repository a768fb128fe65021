import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ZApplicationReview, ZSellerApplication, ZSellerSuspension } from "@domain/marketplace/seller-application-input";
import { fakeAccountName } from "../../tests/fakes/paystack";
import { useFakePaystack } from "../../tests/support/fake-paystack";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { raiseAlert } from "../alerts/raise-alert";
import { auditLog } from "../audit/schema";
import { getDb } from "../db/client";
import { env } from "../env";
import { outbox } from "../messaging/schema";
import { userCapabilities } from "../users/schema";
import { countPendingApprovals } from "./count-pending-approvals";
import { findMySellerApplication } from "./find-my-seller-application";
import { getStorefront } from "./get-storefront";
import { reviewSellerApplication } from "./review-seller-application";
import { sellerApplications, sellers } from "./schema";
import { setSellerSuspension } from "./set-seller-suspension";
import { submitSellerApplication } from "./submit-seller-application";

// Applications to sell, the admin's review, suspension and the pending-approvals counts (docs/product/marketplace.md).

useTestDatabase();

const paystack = useFakePaystack();
afterAll(async () => {
  Object.assign(env, { PAYSTACK_SECRET_KEY: undefined });
  await paystack?.close();
});

let ipSeq = 0;
const nextIp = () => `10.1.0.${++ipSeq}`;

const raw = (over: Record<string, string> = {}) => ({
  kind: "seller",
  businessName: "Adire Living Interiors",
  bio: "Hand-finished smart furniture from Abeokuta: sofa beds, wall desks and storage beds for small flats.",
  category: "Smart furniture",
  phone: "0803 456 7812",
  pickupState: "Ogun",
  pickupLga: "Abeokuta South",
  cacNumber: "RC 1234567",
  bankCode: "058",
  accountNumber: "0123456781",
  accountName: "",
  ...over,
});
const form = (over: Record<string, string> = {}) => ZSellerApplication.parse(raw(over));

const emailsTo = async (email: string) => (await getDb().select().from(outbox).where(eq(outbox.recipient, email))).map((m) => m.kind);

describe("seller applications", () => {
  it("saves an application with the account name the bank resolved, and tells the applicant", async () => {
    const ada = await makeUser("customer", "Adaeze Nwosu");
    const before = await countPendingApprovals();
    const result = await submitSellerApplication(ada, nextIp(), form());
    expect(result).toMatchObject({ ok: true, status: "pending", resubmitted: false });
    const mine = await findMySellerApplication(ada.id);
    expect(mine.application).toMatchObject({
      status: "pending",
      businessName: "Adire Living Interiors",
      cacNumber: "RC1234567",
      phone: "+2348034567812",
      accountName: fakeAccountName("0123456781"),
      accountVerified: true,
    });
    expect(mine.seller).toBeNull();
    expect(await emailsTo(ada.email)).toEqual(["seller_application_received"]);
    expect((await countPendingApprovals()).sellerApplications).toBe(before.sellerApplications + 1);

    const twice = await submitSellerApplication(ada, nextIp(), form());
    expect(!twice.ok && twice.error).toMatchObject({ code: "conflict", status: 409 });
  });

  it("two first applications sent at once: one is saved, the other told it is already with the team", async () => {
    const kemi = await makeUser("customer", "Kemi Lawal");
    const results = await Promise.all([submitSellerApplication(kemi, nextIp(), form()), submitSellerApplication(kemi, nextIp(), form())]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: { code: "conflict" } });
    expect(await getDb().select().from(sellerApplications).where(eq(sellerApplications.userId, kemi.id))).toHaveLength(1);
  });

  it("refuses an account the bank does not know and saves nothing", async () => {
    const tunde = await makeUser("customer", "Tunde Bakare");
    const result = await submitSellerApplication(tunde, nextIp(), form({ accountNumber: "0123450000" }));
    expect(!result.ok && result.error).toMatchObject({ status: 400, field: "accountNumber" });
    expect(!result.ok && result.error.message).toMatch(/Guaranty Trust Bank does not know account 0123450000/);
    expect(await getDb().select().from(sellerApplications).where(eq(sellerApplications.userId, tunde.id))).toEqual([]);
    expect(await emailsTo(tunde.email)).toEqual([]);
  });

  it("without a payment provider keeps the typed name, unchecked, and asks for it when missing", async () => {
    const key = env.PAYSTACK_SECRET_KEY;
    Object.assign(env, { PAYSTACK_SECRET_KEY: undefined });
    try {
      const halima = await makeUser("customer", "Halima Bello");
      const missing = await submitSellerApplication(halima, nextIp(), form());
      expect(!missing.ok && missing.error).toMatchObject({ field: "accountName" });
      const saved = await submitSellerApplication(halima, nextIp(), form({ accountName: "Halima Bello Designs" }));
      expect(saved.ok).toBe(true);
      expect((await findMySellerApplication(halima.id)).application).toMatchObject({
        accountName: "Halima Bello Designs",
        accountVerified: false,
      });
    } finally {
      Object.assign(env, { PAYSTACK_SECRET_KEY: key });
    }
  });

  it("limits bank checks to 5 per 15 minutes for one person", async () => {
    const seun = await makeUser("customer", "Seun Ogunleye");
    const ip = nextIp();
    for (let i = 0; i < 5; i++) await submitSellerApplication(seun, ip, form({ accountNumber: "0123450000" }));
    const sixth = await submitSellerApplication(seun, nextIp(), form());
    expect(!sixth.ok && sixth.error).toMatchObject({ code: "rate_limited", status: 429 });
    expect(await getDb().select().from(sellerApplications).where(eq(sellerApplications.userId, seun.id))).toEqual([]);
  });

  it("architects must show a portfolio; bad fields are named", () => {
    const bad = ZSellerApplication.safeParse(raw({ kind: "architect", accountNumber: "12345", pickupState: "Lagos State" }));
    expect(bad.success).toBe(false);
    expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]))).toMatchObject({
      accountNumber: "Enter your 10-digit account number (NUBAN)",
      pickupState: "Choose the state you ship from",
    });
    const noPortfolio = ZSellerApplication.safeParse(raw({ kind: "architect" }));
    expect(noPortfolio.error?.issues[0]).toMatchObject({
      path: ["portfolioUrl"],
      message: "Add a link to your portfolio so we can see your designs",
    });
  });
});

describe("the admin's review", () => {
  it("asks for more, the applicant resubmits, approval opens the store and grants the capability", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const emeka = await makeUser("customer", "Emeka Okonkwo");
    await submitSellerApplication(
      emeka,
      nextIp(),
      form({
        kind: "architect",
        businessName: "Okonkwo Studio",
        portfolioUrl: "https://behance.net/okonkwo",
        category: "Architecture and floor plans",
      }),
    );
    const { application } = await findMySellerApplication(emeka.id);
    const pendingBefore = await countPendingApprovals();

    const ask = await reviewSellerApplication(
      admin,
      ZApplicationReview.parse({
        applicationId: application!.id,
        decision: "ask_info",
        note: "Please add your COREN registration number.",
      }),
    );
    expect(ask).toMatchObject({ ok: true, status: "needs_info" });
    expect((await countPendingApprovals()).architectApplications).toBe(pendingBefore.architectApplications - 1);
    const again = await submitSellerApplication(
      emeka,
      nextIp(),
      form({
        kind: "architect",
        businessName: "Okonkwo Studio",
        portfolioUrl: "https://behance.net/okonkwo",
        licenceBody: "COREN",
        licenceNumber: "R.12345",
        category: "Architecture and floor plans",
      }),
    );
    expect(again).toMatchObject({ ok: true, resubmitted: true });
    expect((await findMySellerApplication(emeka.id)).application).toMatchObject({
      id: application!.id,
      status: "pending",
      licenceBody: "COREN",
    });

    const approved = await reviewSellerApplication(
      admin,
      ZApplicationReview.parse({ applicationId: application!.id, decision: "approve", note: "" }),
    );
    expect(approved).toMatchObject({ ok: true, status: "approved", storeSlug: "okonkwo-studio" });
    const caps = await getDb().select().from(userCapabilities).where(eq(userCapabilities.userId, emeka.id));
    expect(caps.map((c) => c.capability)).toEqual(["architect"]);
    expect(await getStorefront("okonkwo-studio")).toMatchObject({ displayName: "Okonkwo Studio", kind: "architect", pickupState: "Ogun" });
    expect(await emailsTo(emeka.email)).toEqual(
      expect.arrayContaining(["seller_application_received", "seller_info_requested", "seller_approved"]),
    );
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceType, "seller_application"), eq(auditLog.resourceId, application!.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["marketplace.application.approve", "marketplace.application.ask_info"]);

    const decidedTwice = await reviewSellerApplication(
      admin,
      ZApplicationReview.parse({ applicationId: application!.id, decision: "reject", note: "Changed my mind about it." }),
    );
    expect(!decidedTwice.ok && decidedTwice.error.status).toBe(409);
    const sellingAgain = await submitSellerApplication(emeka, nextIp(), form());
    expect(!sellingAgain.ok && sellingAgain.error.message).toBe("You already sell on the marketplace.");
  });

  it("a second store with the same name gets a numbered address; a rejection needs a reason and allows a new application", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const first = await makeUser("customer", "Folake Adebayo");
    const second = await makeUser("customer", "Ngozi Eze");
    for (const u of [first, second]) await submitSellerApplication(u, nextIp(), form({ businessName: "Lagos Loft Furniture" }));
    const idOf = async (userId: string) => (await findMySellerApplication(userId)).application!.id;
    await reviewSellerApplication(admin, ZApplicationReview.parse({ applicationId: await idOf(first.id), decision: "approve" }));
    const noReason = ZApplicationReview.safeParse({ applicationId: await idOf(second.id), decision: "reject", note: "no" });
    expect(noReason.error?.issues[0]?.message).toBe("Give the applicant the reason, in at least 10 characters");
    await reviewSellerApplication(
      admin,
      ZApplicationReview.parse({
        applicationId: await idOf(second.id),
        decision: "reject",
        note: "The photos and bio describe another company's products.",
      }),
    );
    expect((await findMySellerApplication(second.id)).application).toMatchObject({
      status: "rejected",
      reviewNote: expect.stringMatching(/another company/),
    });
    const reapplied = await submitSellerApplication(second, nextIp(), form({ businessName: "Lagos Loft Furniture" }));
    expect(reapplied).toMatchObject({ ok: true, resubmitted: false });
    await reviewSellerApplication(admin, ZApplicationReview.parse({ applicationId: await idOf(second.id), decision: "approve" }));
    const slugs = (await getDb().select({ slug: sellers.slug }).from(sellers)).map((s) => s.slug);
    expect(slugs).toEqual(expect.arrayContaining(["lagos-loft-furniture", "lagos-loft-furniture-2"]));
  });

  it("approving someone who already has a store is refused and leaves the application as it was", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const musa = await makeUser("customer", "Musa Danjuma");
    await submitSellerApplication(musa, nextIp(), form({ businessName: "Danjuma Woodworks" }));
    const { application } = await findMySellerApplication(musa.id);
    // A store made by other means (an earlier approval, a data import) while this application waited.
    await getDb()
      .insert(sellers)
      .values({
        ...application!,
        id: undefined,
        userId: musa.id,
        applicationId: null,
        slug: "danjuma-woodworks",
        displayName: "Danjuma Woodworks",
        status: "active",
      });
    const refused = await reviewSellerApplication(admin, ZApplicationReview.parse({ applicationId: application!.id, decision: "approve" }));
    expect(!refused.ok && refused.error.message).toBe("This person already sells on the marketplace.");
    expect((await findMySellerApplication(musa.id)).application).toMatchObject({ status: "pending", reviewedBy: null });
  });

  it("suspension hides the store, is audited, and can be lifted", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const ibrahim = await makeUser("customer", "Ibrahim Sani");
    await submitSellerApplication(ibrahim, nextIp(), form({ businessName: "Sani Solar Lights", category: "Solar and energy" }));
    await reviewSellerApplication(
      admin,
      ZApplicationReview.parse({ applicationId: (await findMySellerApplication(ibrahim.id)).application!.id, decision: "approve" }),
    );
    const [seller] = await getDb().select().from(sellers).where(eq(sellers.userId, ibrahim.id));
    expect(ZSellerSuspension.safeParse({ sellerId: seller!.id, suspend: "true", reason: "" }).success).toBe(false);
    const suspended = await setSellerSuspension(
      admin,
      ZSellerSuspension.parse({ sellerId: seller!.id, suspend: "true", reason: "Buyers reported counterfeit panels." }),
    );
    expect(suspended).toMatchObject({ ok: true, suspended: true });
    expect(await getStorefront(seller!.slug)).toBeNull();
    const twice = await setSellerSuspension(
      admin,
      ZSellerSuspension.parse({ sellerId: seller!.id, suspend: "true", reason: "Buyers reported counterfeit panels." }),
    );
    expect(!twice.ok && twice.error.status).toBe(409);
    await setSellerSuspension(admin, ZSellerSuspension.parse({ sellerId: seller!.id, suspend: "false" }));
    expect(await getStorefront(seller!.slug)).toMatchObject({ displayName: "Sani Solar Lights" });
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.resourceId, seller!.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["marketplace.seller.reinstate", "marketplace.seller.suspend"]);
  });

  it("counts open refund requests among the pending approvals", async () => {
    const before = (await countPendingApprovals()).refundRequests;
    await raiseAlert(getDb(), {
      type: "course_paid_twice",
      title: "Course paid twice",
      message: "Refund one of the two payments.",
      severity: "high",
    });
    await raiseAlert(getDb(), { type: "low_stock", title: "Low stock", message: "Not a refund.", severity: "low" });
    expect((await countPendingApprovals()).refundRequests).toBe(before + 1);
  });
});

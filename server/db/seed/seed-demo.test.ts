import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database";
import { courses } from "../../academy/schema";
import { users } from "../../auth/schema";
import { signIn } from "../../auth/sign-in";
import { getViewer } from "../../auth/viewer";
import { products } from "../../catalog/schema";
import { authenticateCharger } from "../../zavcharge/chargers/authenticate-charger";
import { chargers, chargingStations, zavchargeAccounts } from "../../zavcharge/schema";
import { browserHeaders, cookieFrom } from "../../../tests/support/requests";
import { getDb } from "../client";
import { DEMO_ACADEMY, DEMO_LEARNERS } from "./academy-data";
import { DEMO_PRODUCTS } from "./catalog-data";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo-data";
import { getInvestorDashboard } from "../../investments/get-investor-dashboard";
import { listInvestorApplications } from "../../investments/list-investor-applications";
import { DEMO_CHARGER_PASSWORD, DEMO_DRIVER, DEMO_STATIONS } from "./zavcharge-data";
import { seedDemo } from "./seed-demo";
import { abandonmentState } from "@domain/cart/abandoned-carts";
import { runAbandonedCarts } from "../../cart/abandoned-cart-job";
import { listAbandonedCarts } from "../../cart/list-abandoned-carts";
import { outbox } from "../../messaging/schema";
import { DEMO_SHOPPER } from "./seed-abandoned-carts";
import { getAuth } from "../../auth/auth";
import { forgetAccount } from "../../auth/forget-account";
import { erasedEmailFor } from "@domain/privacy/deletion-requests";

useTestDatabase();

const counts = async () => {
  const db = getDb();
  const [[u], [p], [c], [s]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(courses),
    db.select({ n: count() }).from(chargingStations),
  ]);
  return { users: u!.n, products: p!.n, courses: c!.n, stations: s!.n };
};

describe("demo seed", () => {
  it("creates the demo accounts and catalogue once, however often it runs", async () => {
    await seedDemo();
    const first = await counts();
    expect(first).toEqual({
      users: DEMO_USERS.length + DEMO_LEARNERS.length,
      products: DEMO_PRODUCTS.length,
      courses: DEMO_ACADEMY.length,
      stations: DEMO_STATIONS.length,
    });
    await getDb().update(users).set({ name: "Renamed By Admin" }).where(eq(users.email, "staff@zavolah.ng"));
    await seedDemo();
    expect(await counts()).toEqual(first);
    const [staff] = await getDb().select().from(users).where(eq(users.email, "staff@zavolah.ng"));
    expect(staff).toMatchObject({ name: "Renamed By Admin", role: "staff", department: "Sales", emailVerified: true });
  });

  it("gives each demo account its role and capabilities, and the printed password works", async () => {
    await seedDemo();
    for (const demo of DEMO_USERS) {
      const result = await signIn(demo.email, DEMO_PASSWORD, "10.20.0.1", browserHeaders());
      expect(result.ok, demo.email).toBe(true);
      const viewer = await getViewer(
        new Request("http://localhost/", { headers: browserHeaders(cookieFrom((result as { headers: Headers }).headers)) }),
      );
      expect(viewer).toMatchObject({ email: demo.email, role: demo.role, capabilities: [...demo.capabilities] });
    }
  });

  it("never resets a changed password, and never brings back a demo account that was deleted", async () => {
    await seedDemo();
    const db = getDb();
    const ctx = await getAuth().$context;
    const [customer] = await db.select().from(users).where(eq(users.email, "customer@zavolah.ng"));
    await ctx.internalAdapter.updatePassword(customer!.id, await ctx.password.hash("only-the-owner-knows-1"));
    // The admin asked to be forgotten (docs/product/privacy-requests.md): the row stays under an erased address.
    const [admin] = await db.select().from(users).where(eq(users.email, "admin@zavolah.ng"));
    await db.transaction((tx) =>
      forgetAccount(tx, {
        userId: admin!.id,
        email: admin!.email,
        names: [admin!.name],
        phones: [],
        erasedEmail: erasedEmailFor(admin!.id),
      }),
    );

    await seedDemo(); // the next start
    const signInAs = (email: string, password: string) => signIn(email, password, "10.20.0.2", browserHeaders());
    expect((await signInAs("customer@zavolah.ng", DEMO_PASSWORD)).ok).toBe(false);
    expect((await signInAs("customer@zavolah.ng", "only-the-owner-knows-1")).ok).toBe(true);
    expect(await db.select().from(users).where(eq(users.email, "admin@zavolah.ng"))).toEqual([]);
    expect((await signInAs("admin@zavolah.ng", DEMO_PASSWORD)).ok).toBe(false);
  });

  it("gives every demo station one commissioned OCPP charger, and one station an MQTT charger, the simulator can sign in as, and the demo driver an RFID card", async () => {
    await seedDemo();
    await seedDemo();
    const all = await getDb().select().from(chargers).orderBy(chargers.chargePointId);
    expect(all).toHaveLength(DEMO_STATIONS.length + 1);
    const arduino = all.find((c) => c.chargePointId === "ZAV-AR-001");
    expect(arduino).toMatchObject({ protocol: "mqtt", commissioned: true });
    expect(await authenticateCharger("ZAV-AR-001", DEMO_CHARGER_PASSWORD, "mqtt")).toMatchObject({ chargerId: arduino!.id });
    expect(await authenticateCharger("ZAV-AR-001", DEMO_CHARGER_PASSWORD, "ocpp")).toBeNull();
    expect(all.find((c) => c.chargePointId === "ZAV-CP-001")).toMatchObject({
      chargePointId: "ZAV-CP-001",
      protocol: "ocpp",
      commissioned: true,
      heartbeatIntervalSeconds: 60,
    });
    expect(await authenticateCharger("ZAV-CP-001", DEMO_CHARGER_PASSWORD)).toMatchObject({
      chargerId: all.find((c) => c.chargePointId === "ZAV-CP-001")!.id,
    });
    expect(await authenticateCharger("ZAV-CP-001", "wrong")).toBeNull();
    const [driver] = await getDb().select().from(zavchargeAccounts).where(eq(zavchargeAccounts.code, DEMO_DRIVER.code));
    expect(driver?.rfidTag).toBe(DEMO_DRIVER.rfidTag);
  });

  it("leaves abandoned carts for the staff page once, and the shopper's cart for the job to remind", async () => {
    await seedDemo();
    await seedDemo();
    const states = async () =>
      (await listAbandonedCarts({ state: "all", page: 1 })).rows.map((r) => `${r.customerName}: ${abandonmentState(r)}`);
    expect(await states()).toEqual(["Chidinma Eze: recovered", "Hauwa Garba: not_remindable", "Tobi Adebayo: reminded"]);
    await runAbandonedCarts();
    await runAbandonedCarts();
    expect(await states()).toEqual([
      "Bisola Adewale: reminded",
      "Chidinma Eze: recovered",
      "Hauwa Garba: not_remindable",
      "Tobi Adebayo: reminded",
    ]);
    const mail = await getDb().select().from(outbox).where(eq(outbox.kind, "cart_reminder"));
    expect(mail.map((m) => m.recipient)).toEqual([DEMO_SHOPPER]);
  });

  it("makes the demo investor a checked investor with one active investment placed months ago, and leaves one application for staff", async () => {
    await seedDemo();
    await seedDemo();
    const [investor] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, "investor@zavolah.ng"));
    const dashboard = await getInvestorDashboard(investor!.id);
    expect(dashboard.investor?.legalName).toBe("Emeka Chukwudi Obi");
    expect(dashboard.investments.map((i) => [i.tierName, i.status, i.principalKobo])).toEqual([
      ["Solar Mini-Grid Note", "active", 250_000_000],
    ]);
    expect(dashboard.investments[0]!.activatedAt!.getTime()).toBeLessThan(Date.now() - 120 * 86_400_000);
    const pending = await listInvestorApplications({ status: "pending", page: 1 });
    expect(pending.rows.map((r) => r.legalName)).toEqual(["Oluwatobi Adebayo"]);
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { balanceOf, createTestDriver, createTestStation } from "../../../tests/support/zavcharge-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { ZAttendantStart, ZStopSession } from "@domain/zavcharge/sessions/session-input";
import { kwhTextToWh, MIN_START_BALANCE_KOBO } from "@domain/zavcharge/sessions/session-rules";
import { adminAlerts } from "../../alerts/schema";
import { getDb } from "../../db/client";
import { inTransaction } from "../../db/in-transaction";
import { notifications } from "../../notifications/schema";
import { postWalletEntry } from "../wallet/post-wallet-entry";
import { renderStatementPdf } from "../statements/render-statement-pdf";
import { chargingSlots } from "../network/schema";
import { chargingSessions } from "./schema";
import { zavchargeWalletEntries } from "../wallet/schema";
import { startAttendedSession } from "./start-attended-session";
import { csvCell } from "@domain/files/csv";
import { getStatement, statementCsv, statementFileNameFor } from "../statements/statement";
import { stopAttendedSession } from "./stop-attended-session";

useTestDatabase();

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function slotStatus(slotId: number) {
  const [s] = await getDb().select({ status: chargingSlots.status }).from(chargingSlots).where(eq(chargingSlots.id, slotId));
  return s!.status;
}

async function ledgerOf(accountId: number) {
  return getDb()
    .select()
    .from(zavchargeWalletEntries)
    .where(eq(zavchargeWalletEntries.accountId, accountId))
    .orderBy(zavchargeWalletEntries.id);
}

async function sessionOf(id: number) {
  const [s] = await getDb().select().from(chargingSessions).where(eq(chargingSessions.id, id));
  return s!;
}

async function startFor(driver: { accountId: number }, slot: { id: number; stationId: number }, meterStartWh = 0) {
  const started = await startAttendedSession({
    for: { kind: "driver", accountId: driver.accountId },
    stationId: slot.stationId,
    slotId: slot.id,
    meterStartWh,
  });
  if (!started.ok) throw new Error(started.error.message);
  return started;
}

describe("starting and stopping a session", () => {
  it("fixes the price at the start, debits energy x price once at the stop and frees the slot", async () => {
    const driver = await createTestDriver({ balanceKobo: 1_000_000 });
    const { station, slots } = await createTestStation({ pricePerKwhKobo: 25_000 });
    const started = await startFor(driver, slots[0]!, 1_000_000);
    expect(await slotStatus(slots[0]!.id)).toBe("charging");
    expect(started.pricePerKwhKobo).toBe(25_000);

    // The station's price changes mid-session: the session keeps the price it started with.
    const { chargingStations } = await import("../schema");
    await getDb().update(chargingStations).set({ pricePerKwhKobo: 99_000 }).where(eq(chargingStations.id, station.id));

    const stopped = await stopAttendedSession({ sessionId: started.sessionId, meterStopWh: 1_012_345, stoppedByUserId: null });
    expect(stopped.ok).toBe(true);
    if (!stopped.ok) return;
    // 12.345 kWh x ₦250 = ₦3,086.25
    expect(stopped.energyWh).toBe(12_345);
    expect(stopped.costKobo).toBe(308_625);
    expect(stopped.balanceKobo).toBe(1_000_000 - 308_625);
    expect(await balanceOf(driver.accountId)).toBe(691_375);
    expect(await slotStatus(slots[0]!.id)).toBe("available");
    const ledger = await ledgerOf(driver.accountId);
    expect(ledger.at(-1)).toMatchObject({
      kind: "charging",
      amountKobo: -308_625,
      reference: `session:${started.sessionId}`,
      balanceAfterKobo: 691_375,
    });

    const told = await getDb().select().from(notifications).where(eq(notifications.userId, driver.userId));
    expect(told.map((n) => n.title).sort()).toEqual(["Charging started", "Charging stopped"]);
    const stopNote = told.find((n) => n.title === "Charging stopped")!;
    expect(stopNote.message).toContain("12.35 kWh");
    expect(stopNote.message).toContain("₦3,086.25");
    expect(stopNote.message).toContain("₦6,913.75");
  });

  it("a stop repeated, also at the same time, debits once and changes nothing the second time", async () => {
    const driver = await createTestDriver({ balanceKobo: 2_000_000 });
    const { slots } = await createTestStation({ pricePerKwhKobo: 20_000 });
    const started = await startFor(driver, slots[0]!);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => stopAttendedSession({ sessionId: started.sessionId, meterStopWh: 10_000, stoppedByUserId: null })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const afterFirst = await balanceOf(driver.accountId);
    expect(afterFirst).toBe(2_000_000 - 200_000);
    const again = await stopAttendedSession({ sessionId: started.sessionId, meterStopWh: 50_000, stoppedByUserId: null });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toMatch(/already stopped/);
    expect(await balanceOf(driver.accountId)).toBe(afterFirst);
    expect((await ledgerOf(driver.accountId)).filter((e) => e.kind === "charging")).toHaveLength(1);
    expect((await sessionOf(started.sessionId)).energyWh).toBe(10_000);
  });

  it("refuses a reading below the start and changes nothing", async () => {
    const driver = await createTestDriver({ balanceKobo: 1_000_000 });
    const { slots } = await createTestStation();
    const started = await startFor(driver, slots[0]!, 500_000);
    const refused = await stopAttendedSession({ sessionId: started.sessionId, meterStopWh: 499_999, stoppedByUserId: null });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.field).toBe("meterReading");
      expect(refused.error.message).toContain("below the reading at the start (500 kWh)");
    }
    expect((await sessionOf(started.sessionId)).status).toBe("active");
    expect(await slotStatus(slots[0]!.id)).toBe("charging");
    expect(await balanceOf(driver.accountId)).toBe(1_000_000);
    expect((await ledgerOf(driver.accountId)).filter((e) => e.kind === "charging")).toHaveLength(0);
  });

  it("when the cost is more than the balance, empties the wallet, keeps the rest unpaid and alerts the admins", async () => {
    const driver = await createTestDriver({ balanceKobo: 60_000 });
    const { slots } = await createTestStation({ pricePerKwhKobo: 30_000 });
    const started = await startFor(driver, slots[0]!);
    const stopped = await stopAttendedSession({ sessionId: started.sessionId, meterStopWh: 5_000, stoppedByUserId: null });
    expect(stopped.ok).toBe(true);
    if (!stopped.ok) return;
    // 5 kWh x ₦300 = ₦1,500; the wallet held ₦600.
    expect(stopped).toMatchObject({ costKobo: 150_000, paidKobo: 60_000, unpaidKobo: 90_000, balanceKobo: 0 });
    expect(await balanceOf(driver.accountId)).toBe(0);
    expect((await sessionOf(started.sessionId)).unpaidKobo).toBe(90_000);
    const [alert] = await getDb()
      .select()
      .from(adminAlerts)
      .where(eq(adminAlerts.dedupeKey, `zavcharge-unpaid:${started.sessionId}`));
    expect(alert?.title).toContain("₦900.00");
    expect(alert?.title).toContain(driver.code);
    const told = await getDb().select().from(notifications).where(eq(notifications.userId, driver.userId));
    expect(told.find((n) => n.title === "Low ZavCharge balance")?.message).toBe("Your balance is ₦0.00. Top up to keep charging.");
  });

  it("a session with no energy is cancelled and costs nothing", async () => {
    const driver = await createTestDriver({ balanceKobo: 100_000 });
    const { slots } = await createTestStation();
    const started = await startFor(driver, slots[0]!, 7_000);
    const stopped = await stopAttendedSession({ sessionId: started.sessionId, meterStopWh: 7_000, stoppedByUserId: null });
    expect(stopped.ok && stopped.status).toBe("cancelled");
    expect(await balanceOf(driver.accountId)).toBe(100_000);
  });
});

describe("refusing a start", () => {
  it("refuses suspended and expired accounts, a balance below the minimum and a busy slot, creating nothing", async () => {
    const { slots } = await createTestStation({ slots: 2 });
    const cases = [
      { driver: await createTestDriver({ status: "suspended" }), slot: slots[0]!, message: /suspended/ },
      { driver: await createTestDriver({ planExpired: true }), slot: slots[0]!, message: /plan on this account has expired/ },
      { driver: await createTestDriver({ balanceKobo: MIN_START_BALANCE_KOBO - 1 }), slot: slots[0]!, message: /below the ₦500.00 needed/ },
    ];
    for (const c of cases) {
      const r = await startAttendedSession({
        for: { kind: "driver", accountId: c.driver.accountId },
        stationId: slots[0]!.stationId,
        slotId: c.slot.id,
      });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(c.message);
    }
    expect(await slotStatus(slots[0]!.id)).toBe("available");

    const first = await createTestDriver();
    await startFor(first, slots[1]!);
    const second = await createTestDriver();
    const busy = await startAttendedSession({
      for: { kind: "driver", accountId: second.accountId },
      stationId: slots[1]!.stationId,
      slotId: slots[1]!.id,
    });
    expect(!busy.ok && busy.error.message).toBe("Slot 2 is already in use.");
    // One running session per account: the first driver cannot take the free slot too.
    const twice = await startAttendedSession({
      for: { kind: "driver", accountId: first.accountId },
      stationId: slots[0]!.stationId,
      slotId: slots[0]!.id,
    });
    expect(!twice.ok && twice.error.message).toMatch(/already has a session running/);
    const sessions = await getDb().select().from(chargingSessions).where(eq(chargingSessions.stationId, slots[0]!.stationId));
    expect(sessions).toHaveLength(1);
  });

  it("refuses a station in maintenance or a slot of another station", async () => {
    const driver = await createTestDriver();
    const { slots } = await createTestStation({ status: "maintenance", name: "Closed Yard" });
    const r = await startAttendedSession({
      for: { kind: "driver", accountId: driver.accountId },
      stationId: slots[0]!.stationId,
      slotId: slots[0]!.id,
    });
    expect(!r.ok && r.error.message).toBe("Closed Yard is closed for maintenance.");
    const other = await createTestStation();
    const wrong = await startAttendedSession({
      for: { kind: "driver", accountId: driver.accountId },
      stationId: other.station.id,
      slotId: slots[0]!.id,
    });
    expect(!wrong.ok && wrong.error.field).toBe("slotId");
  });

  it("20 drivers starting on one slot at once: exactly one gets it", async () => {
    const { slots } = await createTestStation({ slots: 1 });
    const drivers = await Promise.all(Array.from({ length: 20 }, () => createTestDriver()));
    const results = await Promise.all(
      drivers.map((d) =>
        startAttendedSession({ for: { kind: "driver", accountId: d.accountId }, stationId: slots[0]!.stationId, slotId: slots[0]!.id }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const active = await getDb()
      .select()
      .from(chargingSessions)
      .where(and(eq(chargingSessions.slotId, slots[0]!.id), eq(chargingSessions.status, "active")));
    expect(active).toHaveLength(1);
  });
});

describe("the wallet under concurrent debits", () => {
  it("20 debits at once against a balance that covers 7: 7 post, the rest are refused, never below zero", async () => {
    const driver = await createTestDriver({ balanceKobo: 700_000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inTransaction((tx) =>
          postWalletEntry(tx, {
            accountId: driver.accountId,
            kind: "charging",
            amountKobo: -100_000,
            reference: `test-debit:${driver.accountId}:${i}`,
            description: "Concurrent debit",
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.error.message])))).toEqual(new Set(["The balance is too low for this."]));
    expect(await balanceOf(driver.accountId)).toBe(0);
    const ledger = await ledgerOf(driver.accountId);
    expect(ledger.every((e) => e.balanceAfterKobo >= 0)).toBe(true);
    expect(ledger.reduce((sum, e) => sum + e.amountKobo, 0)).toBe(0);
    expect(new Set(ledger.map((e) => e.balanceAfterKobo)).size).toBe(ledger.length);
  });

  it("20 sessions of 20 drivers stopping at once on one station each debit their own wallet once", async () => {
    const { slots } = await createTestStation({ slots: 20, pricePerKwhKobo: 10_000 });
    const drivers = await Promise.all(Array.from({ length: 20 }, () => createTestDriver({ balanceKobo: 100_000 })));
    const started = [];
    for (const [i, d] of drivers.entries()) started.push(await startFor(d, slots[i]!));
    // 15 kWh at ₦100 = ₦1,500 each, over the ₦1,000 balance: every wallet ends at zero, ₦500 unpaid each.
    const stops = await Promise.all(
      started.map((s) => stopAttendedSession({ sessionId: s.sessionId, meterStopWh: 15_000, stoppedByUserId: null })),
    );
    expect(stops.every((s) => s.ok && s.unpaidKobo === 50_000)).toBe(true);
    for (const d of drivers) expect(await balanceOf(d.accountId)).toBe(0);
  });
});

describe("the attendant's screen: id and PIN", () => {
  it("says which of id and PIN is wrong, and stops the screen that typed 5 wrong PINs for that id", async () => {
    const driver = await createTestDriver({ pin: "482913" });
    const { slots } = await createTestStation({ slots: 1 });
    const base = { stationId: slots[0]!.stationId, slotId: slots[0]!.id };
    const unknown = await startAttendedSession({
      ...base,
      for: { kind: "attendant", subscriptionId: "ZAV00000000AAAA", pin: "482913", ip: freshIp(), staffUserId: driver.userId },
    });
    expect(!unknown.ok && unknown.error.message).toBe("Subscription ID not found");

    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const wrong = await startAttendedSession({
        ...base,
        for: { kind: "attendant", subscriptionId: driver.code.toLowerCase(), pin: "111111", ip, staffUserId: driver.userId },
      });
      expect(!wrong.ok && wrong.error.message).toBe("Incorrect PIN");
    }
    // The sixth try from that screen is refused before the PIN is checked, even the right one.
    const locked = await startAttendedSession({
      ...base,
      for: { kind: "attendant", subscriptionId: driver.code, pin: "482913", ip, staffUserId: driver.userId },
    });
    expect(!locked.ok && locked.error.code).toBe("rate_limited");
    if (!locked.ok) expect(locked.error.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(await slotStatus(slots[0]!.id)).toBe("available");
    // Whoever typed them cannot keep the driver from charging elsewhere (docs/product/zavcharge.md#wrong-pins).
    const elsewhere = await startAttendedSession({
      ...base,
      for: { kind: "attendant", subscriptionId: driver.code, pin: "482913", ip: freshIp(), staffUserId: driver.userId },
    });
    expect(elsewhere.ok).toBe(true);
  });

  it("starts with the right id and PIN, recording the attendant", async () => {
    const driver = await createTestDriver({ pin: "700700" });
    const { slots } = await createTestStation({ slots: 1 });
    const r = await startAttendedSession({
      stationId: slots[0]!.stationId,
      slotId: slots[0]!.id,
      for: {
        kind: "attendant",
        subscriptionId: ` ${driver.code.toLowerCase()} `,
        pin: "700700",
        ip: freshIp(),
        staffUserId: driver.userId,
      },
    });
    expect(r.ok).toBe(true);
    if (r.ok) expect((await sessionOf(r.sessionId)).startedByUserId).toBe(driver.userId);
  });

  it("reads the forms: both fields needed, 6 digits, kWh with decimals as whole Wh", () => {
    const empty = ZAttendantStart.safeParse({ subscriptionId: "", pin: "", slot: "" });
    expect(empty.success).toBe(false);
    if (!empty.success) expect(empty.error.issues[0]!.message).toBe("Please enter both Subscription ID and PIN");
    const short = ZAttendantStart.safeParse({ subscriptionId: "ZAV12345678ABCD", pin: "12a34", slot: "1:1" });
    expect(!short.success && short.error.issues[0]!.message).toBe("PIN must be exactly 6 digits");
    expect(ZStopSession.parse({ sessionId: "4", meterReading: "1234.567" }).meterReading).toBe(1_234_567);
    expect(ZStopSession.parse({ sessionId: "4", meterReading: "12,5" }).meterReading).toBe(12_500);
    expect(ZStopSession.safeParse({ sessionId: "4", meterReading: "-3" }).success).toBe(false);
    expect(ZStopSession.safeParse({ sessionId: "4", meterReading: "" }).success).toBe(false);
    expect(kwhTextToWh("0.001")).toBe(1);
    expect(kwhTextToWh("1.2345")).toBeNull();
  });
});

describe("the statement", () => {
  it("lists only the account's own sessions with totals that add up, as CSV and PDF", async () => {
    const driver = await createTestDriver({ balanceKobo: 2_000_000, name: "Amaka Obi" });
    const other = await createTestDriver({ balanceKobo: 2_000_000 });
    const { slots } = await createTestStation({ pricePerKwhKobo: 25_000, name: '=HYPERLINK("http://evil"), Yard' });
    for (const wh of [4_000, 10_500]) {
      const s = await startFor(driver, slots[0]!);
      await stopAttendedSession({ sessionId: s.sessionId, meterStopWh: wh, stoppedByUserId: null });
    }
    const theirs = await startFor(other, slots[1]!);
    await stopAttendedSession({ sessionId: theirs.sessionId, meterStopWh: 33_000, stoppedByUserId: null });

    const statement = (await getStatement(driver.accountId, new Date("2026-03-04T23:30:00Z")))!;
    expect(statement.rows).toHaveLength(2);
    // 4 kWh = ₦1,000; 10.5 kWh = ₦2,625.
    expect(statement.totals).toMatchObject({ sessions: 2, amountSpentKobo: 362_500, balanceKobo: 2_000_000 - 362_500 });
    expect(statementFileNameFor(statement, "csv")).toBe(`zavcharge-statement-${driver.code}-2026-03-05.csv`);

    const csv = statementCsv(statement);
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Date,Time,Station,Slot,Energy,Duration,Cost,Status");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil""), Yard",1,10.50 kWh,under a minute,"₦2,625.00",Completed`);
    expect(lines.slice(-4)).toEqual([
      "Sessions,2",
      'Amount spent,"₦3,625.00"',
      'Balance,"₦16,375.00"',
      expect.stringMatching(/^Generated at,"05\/03\/2026, 00:30:00"$/),
    ]);
    expect(csv).not.toContain("33.00 kWh");

    const pdf = Buffer.from(await renderStatementPdf(statement));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("escapes every formula opener and quotes commas, quotes and line breaks", () => {
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("+234 803")).toBe("'+234 803");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(12)).toBe("12");
  });
});

describe("staff on a subscriber", () => {
  it("adjusts a wallet with a reason, admins only, and refuses a debit beyond the balance", async () => {
    const { adjustWallet } = await import("../wallet/adjust-wallet");
    const { auditLog } = await import("../../audit/schema");
    const { makeUser } = await import("../../../tests/support/store-fixtures");
    const admin = await makeUser("admin");
    const staff = await makeUser("staff");
    const driver = await createTestDriver({ balanceKobo: 100_000 });
    const byStaff = await adjustWallet(staff, driver.code, { direction: "credit", amount: 5_000, reason: "Goodwill" });
    expect(!byStaff.ok && byStaff.error.code).toBe("forbidden");
    const tooMuch = await adjustWallet(admin, driver.code, { direction: "debit", amount: 100_001, reason: "Refund by transfer" });
    expect(!tooMuch.ok && tooMuch.error.message).toBe("The balance is ₦1,000.00: a debit of ₦1,000.01 would take it below zero");
    expect(await balanceOf(driver.accountId)).toBe(100_000);
    const credit = await adjustWallet(admin, driver.code, { direction: "credit", amount: 25_050, reason: "Charger fault on slot 2" });
    expect(credit.ok && credit.balanceKobo).toBe(125_050);
    const ledger = await ledgerOf(driver.accountId);
    expect(ledger.at(-1)).toMatchObject({
      kind: "adjustment",
      amountKobo: 25_050,
      reason: "Charger fault on slot 2",
      staffUserId: admin.id,
    });
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.resourceId, driver.code));
    expect(audit.map((a) => a.action)).toEqual(["zavcharge.wallet.credit"]);
  });

  it("suspends with a reason, which stops the account from charging, and reactivates", async () => {
    const { setAccountStatus } = await import("../accounts/set-account-status");
    const { makeUser } = await import("../../../tests/support/store-fixtures");
    const staff = await makeUser("staff");
    const driver = await createTestDriver();
    const { slots } = await createTestStation({ slots: 1 });
    expect((await setAccountStatus(staff, driver.code, { intent: "suspend", reason: "Card dispute" })).ok).toBe(true);
    const r = await startAttendedSession({
      for: { kind: "driver", accountId: driver.accountId },
      stationId: slots[0]!.stationId,
      slotId: slots[0]!.id,
    });
    expect(!r.ok && r.error.message).toMatch(/suspended/);
    expect((await setAccountStatus(staff, driver.code, { intent: "reactivate", reason: "Dispute settled" })).ok).toBe(true);
    await startFor(driver, slots[0]!);
  });
});

import { eq, inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingDateBounds, HONEYPOT } from "@domain/appointments/appointments";
import { bookingSchema, ZAppointmentFilters } from "@domain/appointments/appointments-input";
import { addDays, lagosToday } from "@domain/time/lagos-time";
import type { TViewer } from "@domain/access/roles";
import { parseThen } from "@domain/errors/app-error";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { bookAppointment as bookParsed, newReference, REFERENCE_PATTERN } from "./book-appointment";
import { listAppointments } from "./list-appointments";
import { listCustomerAppointments } from "./list-customer-appointments";
import { serviceAppointments } from "./schema";
import { seedDemoAppointments } from "./seed-demo-appointments";
import { updateAppointmentStatus as changeAppointment, ZAppointmentChange } from "./update-appointment-status";

useTestDatabase();

/** The booking form as the services page's action sends it: a filled honeypot is shown a reference and
 * dropped, the form is parsed with its schema, then the use case runs. */
async function bookAppointment(fields: Record<string, string | undefined>, opts: { userId: string | null; ip: string; now: Date }) {
  if (fields[HONEYPOT]) return { ok: true as const, reference: newReference(), dropped: true };
  return parseThen(bookingSchema(opts.now), fields, BOOKING_FIELDS, (booking) => bookParsed(booking, opts));
}
const BOOKING_FIELDS = ["name", "email", "phone", "serviceType", "preferredDate", "location", "state", "notes"];

// The staff page's buttons, through the same schema and use case as its action.
const updateAppointmentStatus = (actor: TViewer, fields: Record<string, string | undefined>) =>
  parseThen(ZAppointmentChange, fields, ["technician"], (input) => changeAppointment(actor, input));

// 23:30 UTC on 1 Dec is already 2 Dec in Lagos (UTC+1): "tomorrow" must be 3 Dec.
const NOW = new Date("2026-12-01T23:30:00Z");
let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
const uniqueEmail = (p: string) => `${p}.${Math.random().toString(36).slice(2, 8)}@example.ng`;

function booking(over: Record<string, string | undefined> = {}) {
  return {
    name: "Oluwaseun Adeyemi",
    email: uniqueEmail("seun"),
    phone: "0803 555 1234",
    serviceType: "solar-installation",
    preferredDate: "2026-12-10",
    location: "12 Awolowo Avenue, Bodija",
    state: "Oyo",
    notes: "3-bedroom flat, we run a freezer all night.",
    ...over,
  };
}

const countRows = async () => (await getDb().select({ id: serviceAppointments.id }).from(serviceAppointments)).length;
const countMail = async () => (await getDb().select({ id: outbox.id }).from(outbox)).length;

async function book(over: Record<string, string | undefined> = {}, userId: string | null = null) {
  const result = await bookAppointment(booking(over), { userId, ip: nextIp(), now: NOW });
  if (!result.ok) throw new Error(`booking failed: ${JSON.stringify(result)}`);
  const [row] = await getDb().select().from(serviceAppointments).where(eq(serviceAppointments.reference, result.reference));
  return row!;
}

describe("booking dates", () => {
  it("counts days in Lagos time", () => {
    expect(lagosToday(NOW)).toBe("2026-12-02");
    expect(bookingDateBounds(NOW)).toEqual({ min: "2026-12-03", max: addDays("2026-12-02", 183) });
  });
});

describe("bookAppointment", () => {
  it("stores the booking with a reference and queues the customer's e-mail and the sales notification", async () => {
    const input = booking();
    const before = await countMail();
    const result = await bookAppointment(input, { userId: null, ip: nextIp(), now: NOW });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.reference).toMatch(REFERENCE_PATTERN);
    const [row] = await getDb().select().from(serviceAppointments).where(eq(serviceAppointments.reference, result.reference));
    expect(row).toMatchObject({
      email: input.email,
      phone: "+2348035551234",
      serviceType: "solar-installation",
      preferredDate: "2026-12-10",
      state: "Oyo",
      status: "requested",
      technician: null,
      userId: null,
    });
    const mail = await getDb()
      .select()
      .from(outbox)
      .where(inArray(outbox.recipient, [input.email, "sales@zavolah.ng"]))
      .orderBy(outbox.id);
    const fresh = mail.filter((m) => m.subject.includes(result.reference) || m.text.includes(result.reference));
    expect(fresh.map((m) => [m.kind, m.recipient])).toEqual([
      ["appointment-requested", input.email],
      ["staff-notification", "sales@zavolah.ng"],
    ]);
    const customer = fresh[0]!.text;
    for (const s of [
      "Service: Solar installation",
      "Preferred date: Thursday, 10 December 2026",
      "Technician: To be assigned",
      "Location: 12 Awolowo Avenue, Bodija, Oyo",
      "within 24 hours",
      "24 hours' notice",
    ]) {
      expect(customer).toContain(s);
    }
    const staff = fresh[1]!.text;
    for (const s of ["Hello Sales team", "Priority: medium", "Action required:", "+2348035551234", "3-bedroom flat"])
      expect(staff).toContain(s);
    expect(await countMail()).toBe(before + 2);
  });

  it("stores nothing when the second e-mail cannot be queued (one transaction)", async () => {
    // A real database refusal, so the rollback is PostgreSQL's, not a mock's.
    const db = getDb();
    await db.execute(
      sql`create function refuse_staff_mail() returns trigger language plpgsql as $$ begin raise exception 'outbox refused'; end $$`,
    );
    await db.execute(
      sql`create trigger refuse_staff_mail before insert on outbox for each row when (new.kind = 'staff-notification') execute function refuse_staff_mail()`,
    );
    try {
      const [rows, mail] = [await countRows(), await countMail()];
      await expect(bookAppointment(booking(), { userId: null, ip: nextIp(), now: NOW })).rejects.toThrow();
      expect([await countRows(), await countMail()]).toEqual([rows, mail]);
    } finally {
      await db.execute(sql`drop trigger refuse_staff_mail on outbox`);
      await db.execute(sql`drop function refuse_staff_mail`);
    }
  });

  it("marks a visit within three days as high priority for staff", async () => {
    const row = await book({ preferredDate: "2026-12-04" });
    const all = await getDb().select().from(outbox).where(eq(outbox.kind, "staff-notification"));
    expect(all.find((m) => m.text.includes(row.reference))!.subject).toMatch(/^\[HIGH\]/);
  });

  it("links the booking to the signed-in user", async () => {
    const user = await makeUser("customer");
    const row = await book({ email: user.email }, user.id);
    expect(row.userId).toBe(user.id);
  });

  const bad: [string, Record<string, string | undefined>, string][] = [
    ["missing name", { name: "" }, "name"],
    ["bad e-mail", { email: "not-an-email" }, "email"],
    ["foreign phone", { phone: "+44 20 7946 0958" }, "phone"],
    ["short phone", { phone: "0803 555" }, "phone"],
    ["unknown service", { serviceType: "plumbing" }, "serviceType"],
    ["no date", { preferredDate: "" }, "preferredDate"],
    ["not a date", { preferredDate: "2026-02-30" }, "preferredDate"],
    ["a past date", { preferredDate: "2026-11-20" }, "preferredDate"],
    ["today in Lagos", { preferredDate: "2026-12-02" }, "preferredDate"],
    ["too far ahead", { preferredDate: "2027-08-01" }, "preferredDate"],
    ["no location", { location: "  " }, "location"],
    ["a form with fields missing", { state: undefined, phone: undefined }, "state"],
    ["unknown state", { state: "Texas" }, "state"],
    ["notes too long", { notes: "x".repeat(1001) }, "notes"],
  ];
  for (const [what, over, field] of bad) {
    it(`refuses ${what} and stores nothing`, async () => {
      const [rows, mail] = [await countRows(), await countMail()];
      const result = await bookAppointment(booking(over), { userId: null, ip: nextIp(), now: NOW });
      expect(result.ok).toBe(false);
      expect(result.ok === false ? Object.keys(result.error.fieldErrors ?? {}) : []).toContain(field);
      expect([await countRows(), await countMail()]).toEqual([rows, mail]);
    });
  }

  it("names each missing field in words, not as a type error", async () => {
    const result = await bookAppointment({}, { userId: null, ip: nextIp(), now: NOW });
    expect(result).toMatchObject({
      ok: false,
      error: {
        fieldErrors: {
          name: "Please enter your full name",
          email: "Please enter your email address",
          phone: "Please enter your phone number",
          serviceType: "Please choose a service",
          preferredDate: "Please choose a preferred date",
          location: "Please enter the address or area for the visit",
          state: "Please choose your state",
        },
      },
    });
  });

  it("gives the past-date message a person can act on", async () => {
    const result = await bookAppointment(booking({ preferredDate: "2026-11-20" }), { userId: null, ip: nextIp(), now: NOW });
    expect(result).toMatchObject({
      ok: false,
      error: { field: "preferredDate", fieldErrors: { preferredDate: "Choose a date from tomorrow onwards" } },
    });
  });

  it("drops a bot that fills the honeypot without storing anything", async () => {
    const [rows, mail] = [await countRows(), await countMail()];
    const result = await bookAppointment(booking({ website: "http://spam.example" }), { userId: null, ip: nextIp(), now: NOW });
    expect(result).toMatchObject({ ok: true, dropped: true });
    expect([await countRows(), await countMail()]).toEqual([rows, mail]);
  });

  it("stops a sixth booking from one address within the window", async () => {
    const email = uniqueEmail("flood");
    for (let i = 0; i < 5; i++) expect((await bookAppointment(booking({ email }), { userId: null, ip: nextIp(), now: NOW })).ok).toBe(true);
    const rows = await countRows();
    const result = await bookAppointment(booking({ email }), { userId: null, ip: nextIp(), now: NOW });
    expect(result).toMatchObject({ ok: false, error: { code: "rate_limited", message: expect.stringMatching(/Too many attempts/) } });
    expect(await countRows()).toBe(rows);
  });
});

describe("updateAppointmentStatus", () => {
  it("lets staff confirm with a technician, then complete; each change is audited and the customer told", async () => {
    const staff = await makeUser("staff");
    const row = await book();
    const confirmed = await updateAppointmentStatus(staff, { id: String(row.id), action: "confirm", technician: "Engr. Kunle Ajayi" });
    expect(confirmed).toEqual({ ok: true, reference: row.reference, status: "confirmed" });
    const [after] = await getDb().select().from(serviceAppointments).where(eq(serviceAppointments.id, row.id));
    expect(after).toMatchObject({ status: "confirmed", technician: "Engr. Kunle Ajayi" });
    const mail = await getDb().select().from(outbox).where(eq(outbox.recipient, row.email)).orderBy(outbox.id);
    expect(mail.map((m) => m.kind)).toEqual(["appointment-requested", "appointment-confirmed"]);
    expect(mail[1]!.text).toContain("Technician: Engr. Kunle Ajayi");

    expect(await updateAppointmentStatus(staff, { id: String(row.id), action: "complete" })).toMatchObject({
      ok: true,
      status: "completed",
    });
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.resourceId, row.reference)).orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["appointment.confirm", staff.id],
      ["appointment.complete", staff.id],
    ]);
    expect(audit[0]!.oldData).toEqual({ status: "requested", technician: null });
    expect(audit[0]!.newData).toEqual({ status: "confirmed", technician: "Engr. Kunle Ajayi" });
  });

  it("lets staff cancel a requested or confirmed booking", async () => {
    const staff = await makeUser("admin");
    const a = await book();
    expect(await updateAppointmentStatus(staff, { id: String(a.id), action: "cancel" })).toMatchObject({ ok: true, status: "cancelled" });
    const b = await book();
    await updateAppointmentStatus(staff, { id: String(b.id), action: "confirm", technician: "Musa Abdullahi" });
    expect(await updateAppointmentStatus(staff, { id: String(b.id), action: "cancel" })).toMatchObject({ ok: true, status: "cancelled" });
  });

  it("refuses transitions the workflow does not allow, and changes nothing", async () => {
    const staff = await makeUser("staff");
    const row = await book();
    const refused = async (action: string, technician?: string) => {
      const audits = (await getDb().select().from(auditLog)).length;
      const result = await updateAppointmentStatus(staff, { id: String(row.id), action, technician });
      expect(result.ok).toBe(false);
      expect((await getDb().select().from(auditLog)).length).toBe(audits);
      return result;
    };
    expect(await refused("complete")).toMatchObject({
      error: { code: "conflict", message: "A requested appointment cannot be completed." },
    });
    expect(await refused("confirm")).toMatchObject({ error: { field: "technician", message: "Enter the technician's name to confirm" } });
    expect(await refused("reopen")).toMatchObject({ error: { message: "Unknown action" } });
    await updateAppointmentStatus(staff, { id: String(row.id), action: "cancel" });
    await refused("confirm", "Engr. Kunle Ajayi");
    await refused("complete");
    await refused("cancel");
    const [after] = await getDb().select().from(serviceAppointments).where(eq(serviceAppointments.id, row.id));
    expect(after!.status).toBe("cancelled");
  });

  it("refuses a customer, whatever they post", async () => {
    const customer = await makeUser("customer");
    const row = await book();
    expect(await updateAppointmentStatus(customer, { id: String(row.id), action: "cancel" })).toMatchObject({
      ok: false,
      error: { code: "forbidden", message: "Only staff can change appointments." },
    });
    const [after] = await getDb().select().from(serviceAppointments).where(eq(serviceAppointments.id, row.id));
    expect(after!.status).toBe("requested");
  });
});

describe("listCustomerAppointments", () => {
  it("shows a customer only their own bookings: signed-in ones and guest ones under their verified e-mail", async () => {
    const ada = await makeUser("customer");
    const bola = await makeUser("customer");
    const own = await book({ email: ada.email }, ada.id);
    const asGuest = await book({ email: ada.email.toUpperCase() });
    const others = await book({ email: bola.email }, bola.id);
    const stranger = await book();
    const refs = (await listCustomerAppointments(ada.id)).map((r) => r.reference).sort();
    expect(refs).toEqual([own.reference, asGuest.reference].sort());
    expect(refs).not.toContain(others.reference);
    expect(refs).not.toContain(stranger.reference);
  });

  it("does not hand guest bookings to an account whose e-mail is unverified", async () => {
    const unverified = await makeUser("customer", undefined, { emailVerified: false });
    await book({ email: unverified.email });
    expect(await listCustomerAppointments(unverified.id)).toEqual([]);
  });
});

describe("listAppointments", () => {
  it("filters by status, upcoming or past and text, and pages 25 at a time", async () => {
    const staff = await makeUser("staff");
    const tag = Math.random().toString(36).slice(2, 8);
    const made = [];
    for (let i = 0; i < 27; i++) made.push(await book({ name: `Page Test ${tag}`, preferredDate: addDays("2026-12-03", i) }));
    await updateAppointmentStatus(staff, { id: String(made[0]!.id), action: "confirm", technician: "Ngozi Umeh" });

    const f = (over: Record<string, unknown>) => ZAppointmentFilters.parse({ q: tag, ...over });
    const first = await listAppointments(f({}), NOW);
    expect([first.total, first.rows.length, first.pageCount]).toEqual([27, 25, 2]);
    expect(first.rows[0]!.reference).toBe(made[26]!.reference); // newest first
    expect((await listAppointments(f({ page: "2" }), NOW)).rows.length).toBe(2);
    expect((await listAppointments(f({ sort: "soonest" }), NOW)).rows[0]!.reference).toBe(made[0]!.reference);
    expect((await listAppointments(f({ status: "confirmed" }), NOW)).rows.map((r) => r.reference)).toEqual([made[0]!.reference]);
    // A week later, the first seven dates (3-9 Dec) are in the past.
    const later = new Date("2026-12-10T10:00:00Z");
    expect((await listAppointments(f({ when: "past" }), later)).total).toBe(7);
    expect((await listAppointments(f({ when: "upcoming" }), later)).total).toBe(20);
    expect((await listAppointments(ZAppointmentFilters.parse({ q: made[5]!.reference.toLowerCase() }), NOW)).rows.map((r) => r.id)).toEqual(
      [made[5]!.id],
    );
    expect((await listAppointments(ZAppointmentFilters.parse({ q: "%" }), NOW)).total).toBe(0);
  });

  it("reads odd filters from the address bar as the defaults", () => {
    expect(ZAppointmentFilters.parse({ status: "lost", when: "someday", sort: "random", page: "-3" })).toEqual({
      status: "all",
      when: "all",
      sort: "newest",
      q: "",
      page: 1,
    });
  });
});

describe("demo appointments", () => {
  it("seeds once, links the demo customer's bookings to their account, and keeps staff changes", async () => {
    const id = "demo-customer";
    await getDb().insert(users).values({ id, name: "Chidinma Eze", email: "customer@zavolah.ng", emailVerified: true, role: "customer" });
    await seedDemoAppointments();
    const demo = () =>
      getDb()
        .select()
        .from(serviceAppointments)
        .where(like(serviceAppointments.reference, "ZAV-SRV-DEMO%"))
        .orderBy(serviceAppointments.reference);
    const first = await demo();
    expect(first.length).toBe(6);
    expect(first.filter((r) => r.userId === id).map((r) => r.reference)).toEqual(["ZAV-SRV-DEMO01", "ZAV-SRV-DEMO02"]);
    expect(first.every((r) => REFERENCE_PATTERN.test(r.reference))).toBe(true);
    await getDb().update(serviceAppointments).set({ status: "cancelled" }).where(eq(serviceAppointments.reference, "ZAV-SRV-DEMO01"));
    await seedDemoAppointments();
    const again = await demo();
    expect(again.length).toBe(6);
    expect(again[0]!.status).toBe("cancelled");
    expect((await listCustomerAppointments(id)).length).toBe(2);
  });
});

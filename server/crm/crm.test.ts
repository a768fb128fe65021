import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NO_CRM_FILTERS } from "@domain/crm/crm";
import { parseCrmFilters } from "@domain/crm/crm-input";
import { ZContactMessage } from "@domain/content/content-input";
import { makeUser, placeSeededOrder } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { sendContactMessage } from "../content/contact/send-contact-message";
import { followUpWaitingMessages } from "../content/contact/follow-up-waiting-messages";
import { contactMessages, newsletterSubscribers } from "../content/schema";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { notifications } from "../notifications/schema";
import { orders } from "../orders/schema";
import { addCrmNextAction } from "./add-crm-next-action";
import { addCrmNote } from "./add-crm-note";
import { assignCrmContacts } from "./assign-crm-contacts";
import { completeCrmNextAction } from "./complete-crm-next-action";
import { emailCrmContact } from "./email-crm-contact";
import { gatherCrmContacts } from "./gather-contacts";
import { getCrmContact } from "./get-contact";
import { getCrmTimeline } from "./get-contact-timeline";
import { markCrmMessagesAnswered } from "./mark-crm-messages-answered";
import { mergeCrmContacts, previewCrmMerge } from "./merge-crm-contacts";
import { exportCrmCsv, listCrmContacts } from "./list-contacts";
import { crmContacts } from "./schema";
import { setCrmContactInactive } from "./set-crm-contact-inactive";
import { tagCrmContacts, untagCrmContact } from "./tag-crm-contacts";
import { listTeam } from "../users/list-team";

useTestDatabase();

const contactForm = (email: string, name = "Chinedu Obi") =>
  ZContactMessage.parse({
    name,
    email,
    phone: "0803 123 4567",
    subject: "10kVA system for a school in Enugu",
    inquiryType: "sales",
    message: "Good afternoon, we need a quote for a 10kVA system with batteries for our primary school.",
  });

const recordOf = async (email: string) => (await getDb().select().from(crmContacts).where(eq(crmContacts.email, email)))[0];
const list = (staffId: string, over: Partial<typeof NO_CRM_FILTERS> = {}) => listCrmContacts({ ...NO_CRM_FILTERS, ...over }, staffId);

describe("CRM records", () => {
  it("makes a lead of a contact message at once, one record per address however it is typed", async () => {
    await sendContactMessage(contactForm("Chinedu.Obi@Example.ng"), { ip: "10.40.0.1" });
    const lead = await recordOf("chinedu.obi@example.ng");
    expect(lead).toMatchObject({ name: "Chinedu Obi", phone: "+2348031234567", source: "contact", status: "lead", consent: "unknown" });
    await sendContactMessage(contactForm("chinedu.obi@example.ng "), { ip: "10.40.0.2" });
    expect(await getDb().select().from(crmContacts).where(eq(crmContacts.email, "chinedu.obi@example.ng"))).toHaveLength(1);
  });

  it("gathers accounts, subscribers and paid orders into statuses and consent, and a second run changes nothing", async () => {
    const buyer = await makeUser("customer", "Halima Yusuf");
    const order = await placeSeededOrder(buyer);
    await getDb().update(orders).set({ status: "paid", paidAt: new Date() }).where(eq(orders.id, order.id));
    await getDb()
      .insert(newsletterSubscribers)
      .values([
        { email: "Kemi.Adeyemi@example.ng", name: "Kemi Adeyemi", status: "active", confirmedAt: new Date(), unsubscribeTokenHash: "a1" },
        {
          email: "obinna@example.ng",
          status: "unsubscribed",
          confirmedAt: new Date(Date.now() - 86_400_000),
          unsubscribedAt: new Date(),
          unsubscribeTokenHash: "a2",
        },
      ]);
    const first = await gatherCrmContacts();
    expect(first.created).toBeGreaterThanOrEqual(3);
    expect(await recordOf(buyer.email)).toMatchObject({ status: "customer", paidOrders: 1, source: "account", userId: buyer.id });
    expect(await recordOf("kemi.adeyemi@example.ng")).toMatchObject({
      status: "subscriber",
      consent: "granted",
      consentSource: "Newsletter sign-up",
    });
    expect(await recordOf("obinna@example.ng")).toMatchObject({ status: "lead", consent: "withdrawn" });
    expect(await gatherCrmContacts()).toEqual({ created: 0, updated: 0, statusesChanged: 0 });
  });

  it("gives records to staff, tells the new owner once by bell and e-mail, and refuses a customer as owner", async () => {
    const tunde = await makeUser("staff", "Tunde Bakare");
    const amaka = await makeUser("staff", "Amaka Obi");
    const customer = await makeUser("customer", "Bayo Ojo");
    await sendContactMessage(contactForm("ifeoma@example.ng", "Ifeoma Nwosu"), { ip: "10.40.0.3" });
    const { id } = (await recordOf("ifeoma@example.ng"))!;

    const refused = await assignCrmContacts(tunde, [id], customer.id);
    expect(refused.ok).toBe(false);
    expect((await recordOf("ifeoma@example.ng"))!.ownerId).toBeNull();

    expect(await assignCrmContacts(tunde, [id], amaka.id)).toMatchObject({ ok: true, changed: 1, ownerName: "Amaka Obi" });
    expect(await assignCrmContacts(tunde, [id], amaka.id)).toMatchObject({ ok: true, changed: 0 });
    const bell = await getDb().select().from(notifications).where(eq(notifications.userId, amaka.id));
    expect(bell.map((n) => n.title)).toEqual(["Ifeoma Nwosu is yours now"]);
    expect(bell[0]!.link).toBe(`/staff/crm/${id}`);
    const mail = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, amaka.email), eq(outbox.kind, "staff-notification")));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("[MEDIUM] Ifeoma Nwosu is yours now");

    // Her next message goes to her owner's bell too.
    await sendContactMessage(contactForm("ifeoma@example.ng", "Ifeoma Nwosu"), { ip: "10.40.0.4" });
    const after = await getDb().select().from(notifications).where(eq(notifications.userId, amaka.id));
    expect(after.map((n) => n.title)).toContain("New message from Ifeoma Nwosu");
    expect(await getDb().select().from(auditLog).where(eq(auditLog.action, "crm.assign"))).toHaveLength(1);
  });

  it("tags many at once, notes, e-mails from a record and shows it all in the timeline", async () => {
    const staff = await makeUser("staff", "Sade Lawal");
    await sendContactMessage(contactForm("musa@example.ng", "Musa Danjuma"), { ip: "10.40.0.5" });
    await sendContactMessage(contactForm("ada@example.ng", "Ada Eze"), { ip: "10.40.0.6" });
    const musa = (await recordOf("musa@example.ng"))!;
    const ada = (await recordOf("ada@example.ng"))!;
    expect(await tagCrmContacts(staff, [musa.id, ada.id, 999_999], ["solar", "abuja"])).toMatchObject({ ok: true, contacts: 2 });
    expect(await tagCrmContacts(staff, [musa.id], ["solar"])).toMatchObject({ ok: true });
    expect((await untagCrmContact(staff, { contactId: ada.id, tag: "abuja" })).ok).toBe(true);
    expect((await untagCrmContact(staff, { contactId: ada.id, tag: "abuja" })).ok).toBe(false);

    await addCrmNote(staff, { contactId: musa.id, body: "Wants a quote before Friday." });
    const sent = await emailCrmContact(staff, { contactId: musa.id, subject: "Your quote", body: "Here is what we discussed." });
    expect(sent).toMatchObject({ ok: true, email: "musa@example.ng" });
    const [queued] = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, "musa@example.ng"), eq(outbox.kind, "crm-email")));
    expect(queued!.text).toContain("Here is what we discussed.");
    expect(queued!.text).toContain("Sent by Sade Lawal of Zavolah");

    const record = (await getCrmContact(musa.id))!;
    expect(record.tags).toEqual(["abuja", "solar"]);
    const timeline = await getCrmTimeline(record);
    expect(timeline.map((t) => t.kind)).toEqual(expect.arrayContaining(["message", "note", "email", "tagged"]));
    expect(timeline.find((t) => t.kind === "email")).toMatchObject({ title: "E-mail sent", state: "queued", by: "Sade Lawal" });
    expect(timeline.find((t) => t.kind === "note")!.detail).toBe("Wants a quote before Friday.");
  });

  it("marks a record inactive until the person writes again", async () => {
    const staff = await makeUser("staff", "Kola Ade");
    await sendContactMessage(contactForm("ngozi@example.ng", "Ngozi Okafor"), { ip: "10.40.0.7" });
    const { id } = (await recordOf("ngozi@example.ng"))!;
    expect(await setCrmContactInactive(staff, { contactId: id, inactive: true })).toMatchObject({ ok: true, status: "inactive" });
    await sendContactMessage(contactForm("ngozi@example.ng", "Ngozi Okafor"), { ip: "10.40.0.8" });
    expect((await recordOf("ngozi@example.ng"))!.status).toBe("lead");
  });

  it("completes a next action once", async () => {
    const staff = await makeUser("staff", "Femi Oke");
    await sendContactMessage(contactForm("tobi@example.ng", "Tobi Alade"), { ip: "10.40.0.9" });
    const { id } = (await recordOf("tobi@example.ng"))!;
    await addCrmNextAction(staff, { contactId: id, title: "Call about the survey", dueOn: "2026-12-01" });
    const [action] = (await getCrmContact(id))!.nextActions;
    expect((await completeCrmNextAction(staff, { contactId: id, actionId: action!.id })).ok).toBe(true);
    const again = await completeCrmNextAction(staff, { contactId: id, actionId: action!.id });
    expect(again.ok).toBe(false);
    expect((await getCrmContact(id))!.nextActions).toEqual([]);
  });

  it("filters the list and exports it with formula cells defused", async () => {
    const staff = await makeUser("staff", "Yemi Bello");
    await sendContactMessage(contactForm("formula@example.ng", '=HYPERLINK("http://x")'), { ip: "10.40.0.10" });
    await sendContactMessage(contactForm("mine@example.ng", "Zainab Bello"), { ip: "10.40.0.11" });
    const mine = (await recordOf("mine@example.ng"))!;
    await assignCrmContacts(staff, [mine.id], staff.id);
    await tagCrmContacts(staff, [mine.id], ["kano"]);

    const byOwner = await list(staff.id, { owner: "me" });
    expect(byOwner.rows.map((r) => r.email)).toEqual(["mine@example.ng"]);
    expect((await list(staff.id, { tag: "kano" })).rows.map((r) => r.email)).toEqual(["mine@example.ng"]);
    expect((await list(staff.id, { q: "zainab" })).rows.map((r) => r.email)).toEqual(["mine@example.ng"]);
    expect((await list(staff.id, { owner: "none", q: "formula" })).total).toBe(1);
    expect((await list(staff.id, { ordered: "yes", q: "zainab" })).total).toBe(0);
    expect((await list(staff.id, { activity: "over90d", q: "zainab" })).total).toBe(0);

    const { csv } = await exportCrmCsv({ ...NO_CRM_FILTERS, q: "formula" }, staff.id);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.split("\r\n")[0]).toContain("Name,E-mail,Phone,Status");
  });

  it("sorts the list by recent activity, newest record or name, and the download follows the sort", async () => {
    const staff = await makeUser("staff", "Kemi Sorter");
    for (const [email, name] of [
      ["sortb@example.ng", "Bisi Sortcase"],
      ["sorta@example.ng", "adaeze Sortcase"],
      ["sortc@example.ng", "Chuka Sortcase"],
    ])
      await sendContactMessage(contactForm(email!, name!), { ip: "10.40.0.12" });
    // Bisi wrote last, though her record is the oldest.
    const bisi = (await recordOf("sortb@example.ng"))!;
    await getDb()
      .update(crmContacts)
      .set({ lastActivityAt: new Date(Date.now() + 60_000) })
      .where(eq(crmContacts.id, bisi.id));
    const emails = async (sort: "newest" | "name" | null) => (await list(staff.id, { q: "Sortcase", sort })).rows.map((r) => r.email);
    expect(await emails(null)).toEqual(["sortb@example.ng", "sortc@example.ng", "sorta@example.ng"]);
    expect(await emails("newest")).toEqual(["sortc@example.ng", "sorta@example.ng", "sortb@example.ng"]);
    expect(await emails("name")).toEqual(["sorta@example.ng", "sortb@example.ng", "sortc@example.ng"]);
    expect(parseCrmFilters(new URLSearchParams("sort=salary")).sort).toBeNull();
    const { csv } = await exportCrmCsv({ ...NO_CRM_FILTERS, q: "Sortcase", sort: "name" }, staff.id);
    expect(
      csv
        .split("\r\n")
        .slice(1, 4)
        .map((line) => line.split(",")[1]),
    ).toEqual(["sorta@example.ng", "sortb@example.ng", "sortc@example.ng"]);
  });

  it("merges one person's two records by hand: the other address becomes an alias the gathering and messages follow", async () => {
    const staff = await makeUser("staff", "Joy Okon");
    await sendContactMessage(contactForm("amaka@example.ng", "Amaka Nwosu"), { ip: "10.40.0.12" });
    await sendContactMessage(contactForm("amaka.work@example.ng", "Amaka N."), { ip: "10.40.0.13" });
    const keep = (await recordOf("amaka@example.ng"))!;
    const other = (await recordOf("amaka.work@example.ng"))!;
    await tagCrmContacts(staff, [keep.id], ["lagos"]);
    await tagCrmContacts(staff, [other.id], ["office"]);
    await addCrmNote(staff, { contactId: other.id, body: "Prefers WhatsApp." });

    const preview = await previewCrmMerge(keep.id, "Amaka.Work@example.ng");
    expect(preview).toMatchObject({ ok: true, other: { id: other.id }, moving: { tags: ["office"] } });
    expect((await previewCrmMerge(keep.id, "amaka@example.ng")).ok).toBe(false);
    expect((await previewCrmMerge(keep.id, "nobody@example.ng")).ok).toBe(false);

    expect(await mergeCrmContacts(staff, { keepId: keep.id, otherId: other.id })).toMatchObject({
      ok: true,
      email: "amaka.work@example.ng",
    });
    expect(await recordOf("amaka.work@example.ng")).toBeUndefined();
    const merged = (await getCrmContact(keep.id))!;
    expect(merged.tags).toEqual(["lagos", "office"]);
    const timeline = await getCrmTimeline(merged);
    expect(timeline.filter((t) => t.kind === "message")).toHaveLength(2);
    expect(timeline.find((t) => t.kind === "note")!.detail).toBe("Prefers WhatsApp.");

    await gatherCrmContacts();
    await sendContactMessage(contactForm("amaka.work@example.ng", "Amaka N."), { ip: "10.40.0.14" });
    expect(await recordOf("amaka.work@example.ng")).toBeUndefined();
    expect((await getCrmTimeline(merged)).filter((t) => t.kind === "message")).toHaveLength(3);
    expect((await mergeCrmContacts(staff, { keepId: keep.id, otherId: other.id })).ok).toBe(false);
  });
});

describe("contact messages waiting for an answer", () => {
  const ask = async (email: string, name: string, subject: string, hoursAgo: number) => {
    await sendContactMessage({ ...contactForm(email, name), subject }, { ip: `10.41.0.${Math.floor(Math.random() * 200)}` });
    await getDb()
      .update(contactMessages)
      .set({ createdAt: new Date(Date.now() - hoursAgo * 3600_000) })
      .where(eq(contactMessages.email, email));
    return (await recordOf(email))!;
  };
  const noticesAbout = (subject: string) =>
    getDb()
      .select({ userId: notifications.userId, title: notifications.title, priority: notifications.priority })
      .from(notifications)
      .where(sql`${notifications.title} like ${`%${subject}`}`);

  it("tells the owner, or the whole team when nobody owns the record, once, 24 hours after; answered ones are left", async () => {
    const owner = await makeUser("staff", "Funmi Bakare");
    const colleague = await makeUser("staff", "Yakubu Danjuma");
    const owned = await ask("ada.eze@example.ng", "Ada Eze", "Inverter for a bakery in Aba", 25);
    await assignCrmContacts(colleague, [owned.id], owner.id);
    await ask("bola.ade@example.ng", "Bola Ade", "Solar for a church in Ibadan", 26);
    const emailed = await ask("chika.nwosu@example.ng", "Chika Nwosu", "Batteries for a clinic", 30);
    await emailCrmContact(colleague, { contactId: emailed.id, subject: "Your batteries", body: "Good morning, here is our offer." });
    await ask("dayo.oke@example.ng", "Dayo Oke", "Street lights for an estate", 23);

    expect(await followUpWaitingMessages()).toEqual({ notified: 2 });
    const toOwner = await noticesAbout("Inverter for a bakery in Aba");
    expect(toOwner).toEqual([{ userId: owner.id, title: "Waiting 25 hours: Inverter for a bakery in Aba", priority: "high" }]);
    const mail = await getDb().select().from(outbox).where(eq(outbox.recipient, owner.email));
    expect(mail.map((m) => m.subject)).toContain("[HIGH] Waiting 25 hours: Inverter for a bakery in Aba");
    // Nobody owns Bola's record: every member of staff and admin hears of it.
    const toTeam = await noticesAbout("Solar for a church in Ibadan");
    expect(toTeam.map((n) => n.userId).sort()).toEqual((await listTeam()).map((m) => m.id).sort());
    expect(toTeam.map((n) => n.userId)).toContain(colleague.id);
    // Chika was answered from the record; Dayo's message has 1 hour left.
    expect(await noticesAbout("Batteries for a clinic")).toEqual([]);
    expect(await noticesAbout("Street lights for an estate")).toEqual([]);
    // The next run tells nobody again.
    expect(await followUpWaitingMessages()).toEqual({ notified: 0 });
    expect(await followUpWaitingMessages(new Date(Date.now() + 2 * 3600_000))).toEqual({ notified: 1 });
    expect(await noticesAbout("Street lights for an estate")).not.toEqual([]);
  });

  it("shows the waiting messages on the record until staff mark them answered, once", async () => {
    const staff = await makeUser("staff", "Ngozi Okafor");
    const record = await ask("emeka.obi@example.ng", "Emeka Obi", "Quote for a 3kVA system", 2);
    expect((await getCrmContact(record.id))!.waitingMessages.map((m) => m.subject)).toEqual(["Quote for a 3kVA system"]);
    expect(await markCrmMessagesAnswered(staff, record.id)).toEqual({ ok: true, answered: 1 });
    expect((await getCrmContact(record.id))!.waitingMessages).toEqual([]);
    const [message] = await getDb().select().from(contactMessages).where(eq(contactMessages.email, "emeka.obi@example.ng"));
    expect(message).toMatchObject({ status: "answered", answeredBy: staff.id });
    expect(await markCrmMessagesAnswered(staff, record.id)).toMatchObject({
      ok: false,
      error: { message: "No message is waiting for an answer" },
    });
    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "crm.messages-answered"), eq(auditLog.resourceId, String(record.id))));
    expect(audits).toHaveLength(1);
    expect((await getCrmTimeline(record)).map((i) => i.title)).toContain("Marked the waiting message answered");
  });
});

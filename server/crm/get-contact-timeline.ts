import { sql } from "drizzle-orm";
import { serviceLabel } from "@domain/appointments/appointments";
import { formatKobo } from "@domain/money/money";
import { formatOrderNumber } from "@domain/orders/order-status";
import type { TTimelineItem, TTimelineKind } from "@domain/crm/crm";
import { getDb } from "../db/client";
import { crmRecordAddresses } from "./crm-contact-exists";

// The record's timeline (docs/product/crm.md#timeline): everything the site and the team did with the person, newest
// first, read from the parts of the site that hold it. Visits are not in it: they are counted without names.

type TRow = Record<string, unknown>;
const rowsOf = (result: unknown) => ((result as { rows?: TRow[] }).rows ?? []) as TRow[];
const iso = (v: unknown) => new Date(v as string).toISOString();
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const excerpt = (s: string, max = 280) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

export const TIMELINE_LIMIT = 150;

export async function getCrmTimeline(contact: { id: number; email: string; userId: string | null }): Promise<TTimelineItem[]> {
  const db = getDb();
  // The record's address and any address merged into it.
  const email = sql.join(
    (await crmRecordAddresses(db, contact)).map((e) => sql`${e}`),
    sql`, `,
  );
  const userId = contact.userId ?? "";
  const [orders, bookings, messages, campaigns, newsletter, signIns, academy, zavcharge, team] = await Promise.all([
    db.execute(sql`select number, status, total_kobo, created_at from orders
      where lower(email) in (${email}) or user_id = ${userId} order by created_at desc limit 50`),
    db.execute(sql`select reference, service_type, preferred_date, status, created_at from service_appointments
      where lower(email) in (${email}) or user_id = ${userId} order by created_at desc limit 30`),
    db.execute(sql`select subject, message, status, created_at from contact_messages
      where lower(email) in (${email}) or user_id = ${userId} order by created_at desc limit 30`),
    db.execute(sql`select c.subject, r.status, r.skip_reason, o.status as delivery, coalesce(o.sent_at, r.created_at) as at
      from campaign_recipients r join campaigns c on c.id = r.campaign_id left join outbox o on o.id = r.outbox_id
      where lower(r.email) in (${email}) order by r.created_at desc limit 30`),
    db.execute(sql`select status, created_at, confirmed_at, unsubscribed_at from newsletter_subscribers where lower(email) in (${email})`),
    db.execute(sql`select created_at, user_agent from sessions where user_id = ${userId} order by created_at desc limit 10`),
    db.execute(sql`select c.title, e.enrolled_at as created_at from enrolments e join courses c on c.id = e.course_id
      where e.user_id = ${userId} order by e.enrolled_at desc limit 20`),
    db.execute(sql`select code, created_at from zavcharge_accounts where lower(email) in (${email}) or user_id = ${userId}`),
    db.execute(sql`select a.kind, a.body, a.created_at, u.name as by, o.status as delivery from crm_activities a
      left join users u on u.id = a.author_id left join outbox o on o.id = a.outbox_id
      where a.contact_id = ${contact.id} order by a.created_at desc limit 100`),
  ]);
  const items: TTimelineItem[] = [];
  const add = (i: Omit<TTimelineItem, "detail" | "state" | "link" | "by"> & Partial<TTimelineItem>) =>
    items.push({ detail: null, state: null, link: null, by: null, ...i });
  for (const o of rowsOf(orders)) {
    const number = formatOrderNumber(Number(o.number));
    add({
      at: iso(o.created_at),
      kind: "order",
      title: `Order ${number}`,
      detail: formatKobo(Number(o.total_kobo)),
      state: str(o.status),
      link: `/staff/orders/${number}`,
    });
  }
  for (const b of rowsOf(bookings))
    add({
      at: iso(b.created_at),
      kind: "booking",
      title: `Booked ${serviceLabel(String(b.service_type)).toLowerCase()}`,
      detail: `For ${String(b.preferred_date)} (${String(b.reference)})`,
      state: str(b.status),
      link: `/staff/appointments?q=${String(b.reference)}`,
    });
  for (const m of rowsOf(messages))
    add({
      at: iso(m.created_at),
      kind: "message",
      title: `Message: ${String(m.subject)}`,
      detail: excerpt(String(m.message)),
      state: str(m.status),
    });
  for (const c of rowsOf(campaigns))
    add({
      at: iso(c.at),
      kind: "campaign",
      title: `Campaign e-mail: ${String(c.subject)}`,
      detail: c.skip_reason ? `Not sent: ${String(c.skip_reason)}` : null,
      state: str(c.delivery) ?? str(c.status),
    });
  for (const n of rowsOf(newsletter)) {
    add({ at: iso(n.created_at), kind: "newsletter", title: "Asked for the newsletter" });
    if (n.confirmed_at) add({ at: iso(n.confirmed_at), kind: "newsletter", title: "Confirmed the newsletter" });
    if (n.unsubscribed_at) add({ at: iso(n.unsubscribed_at), kind: "newsletter", title: "Unsubscribed from the newsletter" });
  }
  for (const s of rowsOf(signIns)) add({ at: iso(s.created_at), kind: "sign-in", title: "Signed in" });
  for (const e of rowsOf(academy)) add({ at: iso(e.created_at), kind: "academy", title: `Enrolled in ${String(e.title)}` });
  for (const z of rowsOf(zavcharge)) add({ at: iso(z.created_at), kind: "zavcharge", title: `Opened ZavCharge account ${String(z.code)}` });
  for (const a of rowsOf(team)) {
    const kind = String(a.kind) as TTimelineKind;
    add({
      at: iso(a.created_at),
      kind,
      title: kind === "note" ? "Note" : kind === "email" ? "E-mail sent" : String(a.body).split("\n")[0]!,
      detail: kind === "note" || kind === "email" ? String(a.body) : null,
      state: kind === "email" ? str(a.delivery) : null,
      by: str(a.by),
    });
  }
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, TIMELINE_LIMIT);
}

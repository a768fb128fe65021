import { sql } from "drizzle-orm";
import { crmStatusOf, type TCrmStatus } from "@domain/crm/crm";
import { getDb, type DbOrTx } from "../db/client";
import type { TJob } from "../jobs/scheduler";

// The gathering (docs/product/crm.md#gathering): one record per e-mail address from everywhere the site meets people.
// The CRM reads the other parts' tables here and writes only its own; running it twice changes nothing the second time.

type TRow = Record<string, unknown>;
const rowsOf = (result: unknown) => ((result as { rows?: TRow[] }).rows ?? []) as TRow[];

/** An address as the CRM knows it: an address staff merged into another record stands for that record's address. */
const resolved = (email: ReturnType<typeof sql>) =>
  sql`coalesce((select rc.email from crm_contact_aliases ra join crm_contacts rc on rc.id = ra.contact_id where ra.email = ${email}), ${email})`;

/** Everyone the site has met, one row per meeting: address, name, phone, where, when, and their account if any. */
const RAW_SEEN = sql`
  select lower(trim(email)) as email, name, phone, 'account' as source, created_at as at, id as user_id
    from users where role = 'customer'
  union all select lower(trim(u.email)), null, null, 'account', s.created_at, u.id
    from sessions s join users u on u.id = s.user_id where u.role = 'customer'
  union all select lower(trim(email)), name, null, 'newsletter', created_at, user_id from newsletter_subscribers
  union all select lower(trim(email)), name, phone, 'contact', created_at, user_id from contact_messages where status <> 'spam'
  union all select lower(trim(email)), name, phone, 'booking', created_at, user_id from service_appointments
  union all select lower(trim(email)), customer_name, phone, 'order', created_at, user_id from orders
  union all select lower(trim(email)), name, phone, 'zavcharge', created_at, user_id
    from zavcharge_accounts where email is not null
  union all select lower(trim(u.email)), u.name, u.phone, 'academy', e.enrolled_at, u.id
    from enrolments e join users u on u.id = e.user_id
  union all select lower(trim(email)), name, null, 'campaign', created_at, null from campaign_recipients`;
const SEEN = sql`select ${resolved(sql`r.email`)} as email, r.name, r.phone, r.source, r.at, r.user_id from (${RAW_SEEN}) r`;

/** The person's own yes or no to marketing, newest first per address (docs/product/crm.md#consent). */
const CONSENT_EVENTS = sql`
  select distinct on (email) email, state, at, source from (select ${resolved(sql`e.email`)} as email, state, at, source from (
    select lower(trim(email)) as email, 'granted' as state, confirmed_at as at, 'Newsletter sign-up' as source
      from newsletter_subscribers where confirmed_at is not null
    union all select lower(trim(email)), 'withdrawn', unsubscribed_at, 'Newsletter unsubscribe'
      from newsletter_subscribers where unsubscribed_at is not null
    union all select lower(trim(email)), 'granted', created_at, 'Account sign-up' from users where newsletter_opt_in
  ) e) x order by email, at desc`;

export type TGatherOutcome = { created: number; updated: number; statusesChanged: number };

export async function gatherCrmContacts(db: DbOrTx = getDb()): Promise<TGatherOutcome> {
  return db.transaction(async (tx) => {
    const upserted = rowsOf(
      await tx.execute(sql`
        with seen as (${SEEN}),
        firsts as (
          -- An erased person's records carry a deleted.invalid address: they never come back (docs/product/privacy-requests.md).
          select distinct on (email) email, source, at from seen
            where email like '%_@_%' and email not like '%@deleted.invalid' order by email, at asc
        ),
        latest as (
          select email, max(at) as last_at,
            (array_agg(name order by at desc) filter (where coalesce(name, '') <> ''))[1] as name,
            (array_agg(phone order by at desc) filter (where coalesce(phone, '') <> ''))[1] as phone,
            (array_agg(user_id order by at desc) filter (where user_id is not null))[1] as user_id
          from seen group by email
        )
        insert into crm_contacts as c (email, name, phone, source, user_id, created_at, last_activity_at)
        select f.email, l.name, l.phone, f.source, l.user_id, f.at, l.last_at from firsts f join latest l using (email)
        on conflict (email) do update set
          name = coalesce(c.name, excluded.name),
          phone = coalesce(c.phone, excluded.phone),
          user_id = coalesce(excluded.user_id, c.user_id),
          created_at = least(c.created_at, excluded.created_at),
          last_activity_at = greatest(c.last_activity_at, excluded.last_activity_at),
          updated_at = now()
        where c.last_activity_at < excluded.last_activity_at
          or (c.name is null and excluded.name is not null)
          or (c.phone is null and excluded.phone is not null)
          or c.user_id is distinct from coalesce(excluded.user_id, c.user_id)
          or c.created_at > excluded.created_at
        returning (xmax = 0) as inserted`),
    );
    await tx.execute(sql`
      update crm_contacts c set paid_orders = f.paid, subscribed = f.subscribed, updated_at = now()
      from (
        select c2.id, coalesce(o.n, 0)::int as paid, coalesce(s.active, false) as subscribed
        from crm_contacts c2
        left join (select ${resolved(sql`lower(trim(o1.email))`)} as email, count(*) as n from orders o1 where o1.paid_at is not null group by 1) o
          on o.email = c2.email
        left join (select ${resolved(sql`lower(trim(n1.email))`)} as email, bool_or(n1.status = 'active') as active
          from newsletter_subscribers n1 group by 1) s
          on s.email = c2.email
      ) f
      where c.id = f.id and (c.paid_orders <> f.paid or c.subscribed <> f.subscribed)`);
    // The person's own events are newer than what the record holds, or the record holds nothing yet.
    await tx.execute(sql`
      update crm_contacts c set consent = e.state, consent_at = e.at, consent_source = e.source, updated_at = now()
      from (${CONSENT_EVENTS}) e
      where e.email = c.email and (c.consent_at is null or e.at > c.consent_at)`);
    const statusesChanged = await refreshCrmStatuses(tx);
    const created = upserted.filter((r) => r.inserted === true).length;
    return { created, updated: upserted.length - created, statusesChanged };
  });
}

/** Every record's status from its facts (crmStatusOf); only the ones that differ are written. */
export async function refreshCrmStatuses(tx: DbOrTx, contactIds?: number[]): Promise<number> {
  const rows = rowsOf(
    await tx.execute(sql`
      select id, status, paid_orders, subscribed, marked_inactive_at, last_activity_at from crm_contacts
      ${
        contactIds
          ? sql`where id in (${sql.join(
              contactIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }`),
  );
  const changed: { id: number; status: TCrmStatus }[] = [];
  for (const r of rows) {
    const status = crmStatusOf({
      paidOrders: Number(r.paid_orders),
      subscribed: r.subscribed === true,
      markedInactiveAt: r.marked_inactive_at ? new Date(r.marked_inactive_at as string) : null,
      lastActivityAt: new Date(r.last_activity_at as string),
    });
    if (status !== r.status) changed.push({ id: Number(r.id), status });
  }
  for (let i = 0; i < changed.length; i += 1000) {
    const batch = changed.slice(i, i + 1000);
    await tx.execute(sql`
      update crm_contacts c set status = v.status, updated_at = now()
      from (select unnest(${`{${batch.map((b) => b.id).join(",")}}`}::int[]) as id,
                   unnest(${`{${batch.map((b) => b.status).join(",")}}`}::text[]) as status) v
      where c.id = v.id`);
  }
  return changed.length;
}

/** Every ten minutes: new people and new activity reach the CRM without anyone pressing a button. */
export const crmGatherJob: TJob = {
  name: "crm-gather",
  label: "Gather CRM records",
  description: "Brings new accounts, subscribers, messages, bookings, orders and activity into the CRM.",
  periodSeconds: 600,
  run: async () => {
    await gatherCrmContacts();
  },
};

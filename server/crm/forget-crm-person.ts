import { eq, inArray, or, sql } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { erasedJson, eraseMentions, mentions, personNeedles } from "../db/erase-text";
import { crmActivities, crmContactAliases, crmContacts, crmImports, crmNextActions } from "./schema";

/**
 * The CRM's part of a deletion (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data): the person's record
 * goes with its tags, notes, timeline, next actions and merged addresses, and the gathering never brings it back (it skips
 * erased addresses). Imported lists lose their row for the person; other records' notes that name them lose the name.
 */
export async function forgetCrmPerson(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const email = p.email.trim().toLowerCase();
  const records = await tx
    .select({ id: crmContacts.id })
    .from(crmContacts)
    .where(
      or(
        eq(crmContacts.userId, p.userId),
        eq(crmContacts.email, email),
        inArray(
          crmContacts.id,
          tx.select({ id: crmContactAliases.contactId }).from(crmContactAliases).where(eq(crmContactAliases.email, email)),
        ),
      ),
    );
  const ids = records.map((r) => r.id);
  // Tags, activities, next actions and aliases go with the record (on delete cascade).
  const removed = ids.length ? await tx.delete(crmContacts).where(inArray(crmContacts.id, ids)).returning({ id: crmContacts.id }) : [];
  const needles = personNeedles(p);
  const notes = await eraseMentions(tx, crmActivities, [crmActivities.body], needles);
  const actions = await eraseMentions(tx, crmNextActions, [crmNextActions.title], needles);
  const imports = await tx
    .update(crmImports)
    .set({
      rows: sql`(select coalesce(jsonb_agg(r), '[]'::jsonb) from jsonb_array_elements(${crmImports.rows}) r where lower(r->>'email') <> ${email})`,
      errors: erasedJson(crmImports.errors, needles),
    })
    .where(or(mentions(crmImports.rows, needles), mentions(crmImports.errors, needles)))
    .returning({ id: crmImports.id });
  return { rows: removed.length + notes + actions + imports.length };
}

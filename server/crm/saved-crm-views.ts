import { and, asc, count, eq } from "drizzle-orm";
import { MAX_SAVED_VIEWS } from "@domain/crm/crm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { crmSavedViews } from "./schema";

// Saved views (docs/product/crm.md#saved-views): each member of staff's own named filters on the list.

export async function listCrmViews(userId: string) {
  return getDb()
    .select({ id: crmSavedViews.id, name: crmSavedViews.name, query: crmSavedViews.query })
    .from(crmSavedViews)
    .where(eq(crmSavedViews.userId, userId))
    .orderBy(asc(crmSavedViews.name));
}

export async function saveCrmView(userId: string, input: { name: string; query: string }): Promise<TResult<{ name: string }>> {
  const db = getDb();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(crmSavedViews).where(eq(crmSavedViews.userId, userId));
  if (n >= MAX_SAVED_VIEWS) return refuse("conflict", `You have ${MAX_SAVED_VIEWS} saved views: delete one first`);
  try {
    await db.insert(crmSavedViews).values({ userId, name: input.name, query: input.query });
  } catch (e) {
    if (isUniqueViolation(e)) return refuse("conflict", `You already have a view called "${input.name}"`, { field: "name" });
    throw e;
  }
  return succeed({ name: input.name });
}

export async function deleteCrmView(userId: string, viewId: number): Promise<TResult> {
  const gone = await getDb()
    .delete(crmSavedViews)
    .where(and(eq(crmSavedViews.id, viewId), eq(crmSavedViews.userId, userId)))
    .returning({ id: crmSavedViews.id });
  return gone.length ? succeed() : refuse("not_found", "That view does not exist");
}

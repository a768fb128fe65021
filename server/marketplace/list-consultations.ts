import { and, desc, eq } from "drizzle-orm";
import type { TConsultationRequestView, TConsultationStatus } from "@domain/marketplace/consultations";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { consultationRequests, sellers } from "./schema";

const view = (r: typeof consultationRequests.$inferSelect, buyer: { name: string; email: string } | null): TConsultationRequestView => ({
  id: r.id,
  brief: r.brief,
  budgetKobo: Number(r.budgetKobo),
  state: r.state,
  city: r.city,
  status: r.status as TConsultationStatus,
  reply: r.reply,
  createdAt: r.createdAt.toISOString(),
  buyer,
});

/** A studio's consultation requests, the waiting ones first, for the architect's dashboard. */
export async function listStudioConsultations(sellerId: string): Promise<TConsultationRequestView[]> {
  const rows = await getDb()
    .select({ request: consultationRequests, name: users.name, email: users.email })
    .from(consultationRequests)
    .innerJoin(users, eq(users.id, consultationRequests.userId))
    .where(eq(consultationRequests.sellerId, sellerId))
    .orderBy(desc(eq(consultationRequests.status, "pending")), desc(consultationRequests.createdAt))
    .limit(100);
  return rows.map((r) => view(r.request, { name: r.name, email: r.email }));
}

/** What one buyer asked one studio, newest first, shown on the studio's page. */
export async function listMyConsultationsWith(userId: string, storeSlug: string): Promise<TConsultationRequestView[]> {
  const rows = await getDb()
    .select({ request: consultationRequests })
    .from(consultationRequests)
    .innerJoin(sellers, eq(sellers.id, consultationRequests.sellerId))
    .where(and(eq(consultationRequests.userId, userId), eq(sellers.slug, storeSlug)))
    .orderBy(desc(consultationRequests.createdAt))
    .limit(20);
  return rows.map((r) => view(r.request, null));
}

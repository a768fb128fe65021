import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { lagosToday, PAGE_SIZE, type TAppointmentFilters } from "@domain/appointments/appointments";
import { getDb } from "../db/client";
import { serviceAppointments as a } from "./schema";

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The staff list of bookings: filtered, sorted and one page of PAGE_SIZE at a time. */
export async function listAppointments(filters: TAppointmentFilters, now = new Date()) {
  const today = lagosToday(now);
  const where: SQL[] = [];
  if (filters.status !== "all") where.push(eq(a.status, filters.status));
  if (filters.when === "upcoming") where.push(gte(a.preferredDate, today));
  if (filters.when === "past") where.push(lt(a.preferredDate, today));
  if (filters.q) {
    const term = likeTerm(filters.q);
    where.push(or(ilike(a.name, term), ilike(a.email, term), ilike(a.reference, term))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const order = filters.sort === "soonest" ? [asc(a.preferredDate), asc(a.id)] : [desc(a.createdAt), desc(a.id)];

  const db = getDb();
  const [{ total }] = (await db.select({ total: count() }).from(a).where(condition)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await db
    .select()
    .from(a)
    .where(condition)
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { rows, total, page, pageCount };
}

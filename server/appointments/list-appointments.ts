import { and, asc, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { PAGE_SIZE } from "@domain/appointments/appointments";
import { type TAppointmentFilters } from "@domain/appointments/appointments-input";
import { lagosToday } from "@domain/time/lagos-time";
import { containsTerm } from "../db/contains-term";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { serviceAppointments as a } from "./schema";

/** The staff list of bookings: filtered, sorted and one page of PAGE_SIZE at a time. */
export async function listAppointments(filters: TAppointmentFilters, now = new Date()) {
  const today = lagosToday(now);
  const where: SQL[] = [];
  if (filters.status !== "all") where.push(eq(a.status, filters.status));
  if (filters.when === "upcoming") where.push(gte(a.preferredDate, today));
  if (filters.when === "past") where.push(lt(a.preferredDate, today));
  if (filters.q) {
    const term = containsTerm(filters.q);
    where.push(or(ilike(a.name, term), ilike(a.email, term), ilike(a.reference, term))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const order = filters.sort === "soonest" ? [asc(a.preferredDate), asc(a.id)] : [desc(a.createdAt), desc(a.id)];

  const db = getDb();
  return paginate(
    filters.page,
    PAGE_SIZE,
    () => db.$count(a, condition),
    ({ limit, offset }) =>
      db
        .select()
        .from(a)
        .where(condition)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
}

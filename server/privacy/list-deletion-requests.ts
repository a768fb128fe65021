import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  deletionDaysLeft,
  formatDeletionRequestNumber,
  type TDeletionRequestStatus,
  type TErasureHold,
} from "@domain/privacy/deletion-requests";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { findErasureHolds } from "./find-erasure-holds";
import { deletionRequests } from "./schema";

export const CLOSED_REQUESTS_PAGE_SIZE = 25;

export type TOpenDeletionRequest = {
  id: number;
  reference: string;
  name: string;
  email: string;
  requestedAt: Date;
  dueAt: Date;
  daysLeft: number;
  forfeitsZavchargeBalance: boolean;
  holds: TErasureHold[];
};

export type TClosedDeletionRequest = {
  id: number;
  reference: string;
  status: Exclude<TDeletionRequestStatus, "open">;
  /** The person, while they exist; null once their data is deleted. */
  person: { name: string; email: string } | null;
  requestedAt: Date;
  closedAt: Date | null;
  decidedBy: string | null;
  declineReason: string | null;
};

/**
 * The staff page (docs/product/privacy-requests.md#staff): every open request, soonest due first, with who asked and what
 * holds it; then the closed ones, newest first, 25 a page, with who completed or declined them and when.
 */
export async function listDeletionRequests(page: number, now = new Date()) {
  const db = getDb();
  const openRows = await db
    .select({
      id: deletionRequests.id,
      userId: deletionRequests.userId,
      name: users.name,
      email: users.email,
      requestedAt: deletionRequests.requestedAt,
      dueAt: deletionRequests.dueAt,
      forfeitsZavchargeBalance: deletionRequests.forfeitsZavchargeBalance,
    })
    .from(deletionRequests)
    .innerJoin(users, eq(users.id, deletionRequests.userId))
    .where(eq(deletionRequests.status, "open"))
    .orderBy(asc(deletionRequests.dueAt), asc(deletionRequests.id));
  const open: TOpenDeletionRequest[] = [];
  for (const r of openRows)
    open.push({
      id: r.id,
      reference: formatDeletionRequestNumber(r.id),
      name: r.name,
      email: r.email,
      requestedAt: r.requestedAt,
      dueAt: r.dueAt,
      daysLeft: deletionDaysLeft(r.dueAt, now),
      forfeitsZavchargeBalance: r.forfeitsZavchargeBalance,
      holds: await findErasureHolds(r.userId, r.forfeitsZavchargeBalance, db),
    });

  const decider = alias(users, "decider");
  const closedWhere = ne(deletionRequests.status, "open");
  const closed = await paginate(
    page,
    CLOSED_REQUESTS_PAGE_SIZE,
    () => db.$count(deletionRequests, closedWhere),
    ({ limit, offset }) =>
      db
        .select({
          id: deletionRequests.id,
          status: deletionRequests.status,
          name: users.name,
          email: users.email,
          requestedAt: deletionRequests.requestedAt,
          closedAt: sql<Date | null>`coalesce(${deletionRequests.decidedAt}, ${deletionRequests.withdrawnAt})`.mapWith(
            (v: string | Date | null) => (v ? new Date(v) : null),
          ),
          decidedBy: decider.name,
          declineReason: deletionRequests.declineReason,
        })
        .from(deletionRequests)
        .innerJoin(users, eq(users.id, deletionRequests.userId))
        .leftJoin(decider, and(eq(decider.id, deletionRequests.decidedById)))
        .where(closedWhere)
        .orderBy(desc(sql`coalesce(${deletionRequests.decidedAt}, ${deletionRequests.withdrawnAt})`), desc(deletionRequests.id))
        .limit(limit)
        .offset(offset),
  );
  return {
    open,
    closed: {
      ...closed,
      rows: closed.rows.map((r): TClosedDeletionRequest => ({
        id: r.id,
        reference: formatDeletionRequestNumber(r.id),
        status: r.status as TClosedDeletionRequest["status"],
        person: r.status === "completed" ? null : { name: r.name, email: r.email },
        requestedAt: r.requestedAt,
        closedAt: r.closedAt,
        decidedBy: r.decidedBy,
        declineReason: r.declineReason,
      })),
    },
  };
}

import { desc, ilike, or, sql } from "drizzle-orm";
import { CERTIFICATES_PAGE_SIZE, normaliseCertificateCode } from "@domain/academy/certificates";
import type { TCertificateFilters } from "@domain/academy/certificate-input";
import { containsTerm } from "../db/contains-term";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { certificates as c } from "./schema";

/** The admins' list of issued certificates: newest first, searched by code or the name as printed. */
export async function listCertificates(filters: TCertificateFilters) {
  const code = filters.q ? normaliseCertificateCode(filters.q) : null;
  const condition = filters.q
    ? or(
        ilike(c.studentName, containsTerm(filters.q)),
        ilike(c.code, containsTerm(code ?? filters.q)),
        ilike(c.courseTitle, containsTerm(filters.q)),
      )
    : undefined;
  const db = getDb();
  return paginate(
    filters.page,
    CERTIFICATES_PAGE_SIZE,
    () => db.$count(c, condition),
    ({ limit, offset }) =>
      db
        .select({
          id: c.id,
          code: c.code,
          // An erased holder's certificate has no name (docs/product/privacy-requests.md).
          studentName: sql<string>`case when ${c.nameRemovedAt} is null then ${c.studentName} else 'Name removed at the holder''s request' end`,
          courseTitle: c.courseTitle,
          grade: c.grade,
          scorePct: c.scorePct,
          issuedAt: c.issuedAt,
          revokedAt: c.revokedAt,
          revokedReason: c.revokedReason,
        })
        .from(c)
        .where(condition)
        .orderBy(desc(c.issuedAt), desc(c.id))
        .limit(limit)
        .offset(offset),
  );
}

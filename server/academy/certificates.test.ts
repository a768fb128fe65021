import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestCertificate } from "../../tests/support/certificate-fixtures";
import { makeUser } from "../../tests/support/store-fixtures";
import { pdfText } from "../../tests/support/pdf-text";
import { useTestDatabase } from "../../tests/support/test-database";
import { ZRevokeCertificate } from "@domain/academy/certificate-input";
import { linkedInShareUrl, normaliseCertificateCode, whatsAppShareUrl } from "@domain/academy/certificates";
import { parseThen } from "@domain/errors/app-error";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { auditLog } from "../audit/schema";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { notifications } from "../notifications/schema";
import { certificatePdfFor } from "./certificate-pdf";
import { verifyCertificate } from "./find-certificate";
import { listCertificates } from "./list-certificates";
import { revokeCertificate } from "./revoke-certificate";
import { certificates, learningActivities } from "./schema";

useTestDatabase();

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe("certificate codes as people type them", () => {
  it("accepts lowercase, spaces and missing dashes, and refuses what cannot be a code", () => {
    expect(normaliseCertificateCode("k7qm2xhd9tra")).toBe("K7QM-2XHD-9TRA");
    expect(normaliseCertificateCode(" K7QM-2XHD-9TRA ")).toBe("K7QM-2XHD-9TRA");
    expect(normaliseCertificateCode("k7qm 2xhd 9tra")).toBe("K7QM-2XHD-9TRA");
    // O, 0, I, 1 and L are never in a code; too short, too long.
    expect(normaliseCertificateCode("K7QM-2XHD-9TR0")).toBeNull();
    expect(normaliseCertificateCode("K7QM-2XHD")).toBeNull();
    expect(normaliseCertificateCode("K7QM-2XHD-9TRAA")).toBeNull();
    expect(normaliseCertificateCode("'; drop table certificates; --")).toBeNull();
  });

  it("shares the public address on LinkedIn and WhatsApp", () => {
    const url = "https://zavolah.ng/verify/K7QM-2XHD-9TRA";
    expect(linkedInShareUrl(url)).toBe(
      "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fzavolah.ng%2Fverify%2FK7QM-2XHD-9TRA",
    );
    const wa = new URL(whatsAppShareUrl("Solar for Homeowners", url));
    expect(wa.origin + wa.pathname).toBe("https://wa.me/");
    expect(wa.searchParams.get("text")).toBe(`I completed Solar for Homeowners at Zavolah Academy. Verify my certificate: ${url}`);
  });
});

describe("verifying a certificate", () => {
  it("shows a valid certificate by its code, typed in any case and without dashes, and never an e-mail or phone", async () => {
    const student = await makeUser("customer", "Adaeze Nwosu");
    const { certificate, course } = await createTestCertificate(student);
    for (const typed of [certificate.code, certificate.code.toLowerCase(), certificate.code.replace(/-/g, "").toLowerCase()]) {
      const result = await verifyCertificate(typed, { ip: freshIp() });
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(result.certificate).toMatchObject({
        code: certificate.code,
        studentName: "Adaeze Nwosu",
        courseTitle: course.title,
        courseSlug: course.slug,
        grade: "Distinction",
        scorePct: 88,
        revokedAt: null,
      });
      const shown = JSON.stringify(result.certificate);
      expect(shown).not.toContain(student.email);
      expect(Object.keys(result.certificate)).not.toContain("userId");
    }
  });

  it("says a revoked certificate was revoked, when and why", async () => {
    const admin = await makeUser("admin", "Funmi Adebayo");
    const student = await makeUser("customer", "Tobi Oladipo");
    const { certificate } = await createTestCertificate(student);
    await revokeCertificate(admin, { certificateId: certificate.id, reason: "Assignment copied from another student" });
    const result = await verifyCertificate(certificate.code, { ip: freshIp() });
    expect(result.ok && result.certificate.revokedReason).toBe("Assignment copied from another student");
    expect(result.ok && result.certificate.revokedAt).toBeInstanceOf(Date);
  });

  it("answers 'No certificate with this code' (404) for an unknown or malformed code", async () => {
    for (const typed of ["ABCD-EFGH-JKMN", "not-a-code", "", "K7QM-2XHD-9TR0"]) {
      const result = await verifyCertificate(typed, { ip: freshIp() });
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.message).toBe("No certificate with this code");
      expect(result.error.status).toBe(404);
    }
  });

  it("limits lookups per IP (429 past 60 in 15 minutes); another IP is unaffected", async () => {
    const ip = freshIp();
    for (let i = 0; i < 60; i++) expect((await verifyCertificate("ABCD-EFGH-JKMN", { ip })).ok).toBe(false);
    const limited = await verifyCertificate("ABCD-EFGH-JKMN", { ip });
    expect(!limited.ok && limited.error.status).toBe(429);
    const other = await verifyCertificate("ABCD-EFGH-JKMN", { ip: freshIp() });
    expect(!other.ok && other.error.status).toBe(404);
  });
});

describe("the certificate PDF", () => {
  it("is served to its owner, staff and admins with the name, course, date, grade, code and verification address", async () => {
    const student = await makeUser("customer", "Chinedu Okeke");
    const issuedAt = new Date("2026-11-20T23:30:00Z"); // 00:30 on 21 November in Lagos
    const { certificate, course } = await createTestCertificate(student, { scorePct: 74, grade: "Merit", issuedAt });
    for (const viewer of [student, await makeUser("staff", "Bola Lawal"), await makeUser("admin", "Funmi Adebayo")]) {
      const answer = await certificatePdfFor(viewer, certificate.code.toLowerCase());
      expect(answer.kind).toBe("pdf");
      if (answer.kind !== "pdf") continue;
      expect(Buffer.from(answer.bytes).subarray(0, 5).toString()).toBe("%PDF-");
      expect(answer.filename).toBe(`zavolah-certificate-${course.slug}-${certificate.code}.pdf`);
      const text = pdfText(answer.bytes);
      expect(text).toContain("ZAVOLAH ACADEMY");
      expect(text).toContain("Certificate of Completion");
      expect(text).toContain("Chinedu Okeke");
      expect(text).toContain(course.title);
      expect(text).toContain("Completed on 21 November 2026");
      expect(text).toContain("Grade: Merit (74%)");
      expect(text).toContain(certificate.code);
      expect(text).toContain(`${publicUrl()}/verify/${certificate.code}`);
      expect(text).not.toContain(student.email);
    }
  });

  it("is 'not found' for anyone else, and not served once revoked", async () => {
    const student = await makeUser("customer", "Ngozi Okafor");
    const stranger = await makeUser("customer", "Segun Ade");
    const { certificate } = await createTestCertificate(student);
    expect((await certificatePdfFor(stranger, certificate.code)).kind).toBe("not_found");
    expect((await certificatePdfFor(student, "ABCD-EFGH-JKMN")).kind).toBe("not_found");
    await revokeCertificate(await makeUser("admin"), { certificateId: certificate.id, reason: "Issued to the wrong account" });
    expect(await certificatePdfFor(student, certificate.code)).toMatchObject({ kind: "revoked", reason: "Issued to the wrong account" });
  });
});

describe("revoking a certificate", () => {
  it("revokes once, audited, on the student's timeline and notified, all together", async () => {
    const admin = await makeUser("admin", "Funmi Adebayo");
    const student = await makeUser("customer", "Ifeoma Nnaji");
    const { certificate, course } = await createTestCertificate(student);
    const result = await revokeCertificate(admin, { certificateId: certificate.id, reason: "Quiz answers shared in a group chat" });
    expect(result).toMatchObject({ ok: true, code: certificate.code });

    const [row] = await getDb().select().from(certificates).where(eq(certificates.id, certificate.id));
    expect(row!.revokedReason).toBe("Quiz answers shared in a group chat");
    const audits = await getDb().select().from(auditLog).where(eq(auditLog.resourceId, certificate.code));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, action: "certificate.revoke", resourceType: "certificate" });
    const activity = await getDb()
      .select()
      .from(learningActivities)
      .where(and(eq(learningActivities.userId, student.id), eq(learningActivities.type, "certificate_revoked")));
    expect(activity.map((a) => [a.title, a.description])).toEqual([
      [`Certificate revoked: ${course.title}`, "Quiz answers shared in a group chat"],
    ]);
    const notes = await getDb().select().from(notifications).where(eq(notifications.userId, student.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: `Your certificate for ${course.title} was revoked`,
      priority: "high",
      link: `/verify/${certificate.code}`,
    });
    expect(notes[0]!.message).toContain("Quiz answers shared in a group chat");

    // A second time: refused with the first date, and nothing changes.
    const again = await revokeCertificate(admin, { certificateId: certificate.id, reason: "Another reason entirely" });
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.error.status).toBe(409);
      expect(again.error.message).toBe(`Certificate ${certificate.code} was already revoked on ${formatLagosDateLong(row!.revokedAt!)}.`);
    }
    const [after] = await getDb().select().from(certificates).where(eq(certificates.id, certificate.id));
    expect(after!.revokedReason).toBe("Quiz answers shared in a group chat");
    expect(after!.revokedAt).toEqual(row!.revokedAt);
    expect(await getDb().select().from(auditLog).where(eq(auditLog.resourceId, certificate.code))).toHaveLength(1);
    expect(await getDb().select().from(notifications).where(eq(notifications.userId, student.id))).toHaveLength(1);
  });

  it("refuses an unknown id and a reason outside 5 to 500 characters, changing nothing", async () => {
    const admin = await makeUser("admin");
    const student = await makeUser("customer", "Kemi Adeyemi");
    const { certificate } = await createTestCertificate(student);
    const unknown = await revokeCertificate(admin, { certificateId: 999_999, reason: "Not a real certificate" });
    expect(!unknown.ok && [unknown.error.status, unknown.error.message]).toEqual([404, "There is no such certificate."]);

    const run = (fields: Record<string, string>) => parseThen(ZRevokeCertificate, fields, ["reason"], (i) => revokeCertificate(admin, i));
    const short = await run({ certificateId: String(certificate.id), reason: " abc " });
    expect(!short.ok && [short.error.status, short.error.fieldErrors?.reason]).toEqual([400, "Give the reason in at least 5 characters"]);
    const long = await run({ certificateId: String(certificate.id), reason: "x".repeat(501) });
    expect(!long.ok && long.error.fieldErrors?.reason).toBe("Keep the reason under 500 characters");
    const noId = await run({ certificateId: "abc", reason: "A good reason" });
    expect(noId.ok).toBe(false);
    const [row] = await getDb().select().from(certificates).where(eq(certificates.id, certificate.id));
    expect(row!.revokedAt).toBeNull();
    expect(await getDb().select().from(auditLog).where(eq(auditLog.resourceId, certificate.code))).toHaveLength(0);
  });

  it("lists certificates newest first and finds one by code (any case) or name", async () => {
    const a = await makeUser("customer", "Zainab Yusuf");
    const b = await makeUser("customer", "Emeka Obi");
    const older = await createTestCertificate(a, { issuedAt: new Date(Date.now() + 60_000) });
    const newer = await createTestCertificate(b, { issuedAt: new Date(Date.now() + 120_000) });
    const all = await listCertificates({ q: "", page: 1 });
    expect(all.rows.slice(0, 2).map((r) => r.code)).toEqual([newer.certificate.code, older.certificate.code]);
    expect((await listCertificates({ q: "zainab", page: 1 })).rows.map((r) => r.code)).toEqual([older.certificate.code]);
    const byCode = await listCertificates({ q: newer.certificate.code.replace(/-/g, "").toLowerCase(), page: 1 });
    expect(byCode.rows.map((r) => r.code)).toEqual([newer.certificate.code]);
  });
});

import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createTestCertificate } from "../../../tests/support/certificate-fixtures";
import { browserHeaders } from "../../../tests/support/requests";
import { createSession } from "../../../tests/support/sessions";
import { makeUser } from "../../../tests/support/store-fixtures";
// Renamed: in app/ the React hooks lint would take a use- name for a hook.
import { useTestDatabase as withTestDatabase } from "../../../tests/support/test-database";
import type { TViewer } from "@domain/access/roles";
import { accessMiddleware, viewerContext } from "~/http/access.server";
import { certificates } from "@server/academy/schema";
import { getDb } from "@server/db/client";
import { revokeCertificate } from "@server/academy/revoke-certificate";
import { loader as pdfLoader } from "./certificate-pdf";
import { loader as verifyLoader } from "./verify-certificate";
import { action as revokeAction } from "../staff/academy/certificates";

withTestDatabase();

const ORIGIN = "http://localhost:3000";

function contextFor(viewer: TViewer | null) {
  const context = new RouterContextProvider();
  context.set(viewerContext, viewer);
  return context;
}

async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a thrown response");
}

/** The access middleware, as the server runs it before a route's loader or action, for a signed-in user. */
async function throughAccess(user: TViewer, path: string, init: RequestInit = {}) {
  const { cookie } = await createSession(user.id);
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers: browserHeaders(cookie) });
  const next = vi.fn(async () => new Response("reached the route"));
  const outcome = await Promise.resolve(
    accessMiddleware({ request, context: new RouterContextProvider(), params: {}, unstable_pattern: path } as never, next),
  ).catch((e: unknown) => e);
  return { outcome, reached: next.mock.calls.length > 0 };
}

describe("/staff/academy/certificates is for admins only", () => {
  it("lets an admin in and turns staff and customers away, for the page and for a revoke", async () => {
    const admin = await makeUser("admin", "Funmi Adebayo");
    const staff = await makeUser("staff", "Bola Lawal");
    const customer = await makeUser("customer", "Ngozi Okafor");
    const { certificate } = await createTestCertificate(await makeUser("customer", "Tobi Oladipo"));

    expect((await throughAccess(admin, "/staff/academy/certificates")).reached).toBe(true);
    for (const user of [staff, customer]) {
      const page = await throughAccess(user, "/staff/academy/certificates");
      expect(page.reached).toBe(false);
      expect(page.outcome).toBeInstanceOf(Response);
      expect((page.outcome as Response).headers.get("location")).toBe("/");
      const body = new URLSearchParams({ certificateId: String(certificate.id), reason: "Trying without permission" });
      const post = await throughAccess(user, "/staff/academy/certificates", { method: "POST", body });
      expect(post.reached).toBe(false);
    }
    const [row] = await getDb().select().from(certificates).where(eq(certificates.id, certificate.id));
    expect(row!.revokedAt).toBeNull();
  });

  it("revokes from the admin's form and answers a second try with a 409 message", async () => {
    const admin = await makeUser("admin", "Funmi Adebayo");
    const { certificate } = await createTestCertificate(await makeUser("customer", "Adaeze Nwosu"));
    const post = (reason: string) =>
      revokeAction({
        request: new Request(`${ORIGIN}/staff/academy/certificates`, {
          method: "POST",
          headers: { origin: ORIGIN },
          body: new URLSearchParams({ _js: "1", certificateId: String(certificate.id), reason }),
        }),
        context: contextFor(admin),
        params: {},
      } as never);
    const first = (await post("Certificate issued by mistake")) as unknown as { data: { ok: boolean }; init: { status: number } | null };
    expect(first.data.ok).toBe(true);
    const second = (await post("Certificate issued by mistake")) as unknown as {
      data: { ok: boolean; toast: { description: string } };
      init: { status: number };
    };
    expect(second.init.status).toBe(409);
    expect(second.data.toast.description).toContain("was already revoked on");
  });
});

describe("/certificates/:code/pdf", () => {
  const load = (viewer: TViewer, code: string) =>
    pdfLoader({ request: new Request(`${ORIGIN}/certificates/${code}/pdf`), context: contextFor(viewer), params: { code } } as never);

  it("sends the owner the PDF as a private download", async () => {
    const student = await makeUser("customer", "Chinedu Okeke");
    const { certificate, course } = await createTestCertificate(student);
    const response = (await load(student, certificate.code)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="zavolah-certificate-${course.slug}-${certificate.code}.pdf"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("is a 404 for another customer and a 410 page once revoked", async () => {
    const student = await makeUser("customer", "Ifeoma Nnaji");
    const { certificate } = await createTestCertificate(student);
    const stranger = await makeUser("customer", "Segun Ade");
    const error = await thrownBy(() => load(stranger, certificate.code));
    expect((error as { init: { status: number } }).init.status).toBe(404);

    await revokeCertificate(await makeUser("admin"), { certificateId: certificate.id, reason: "Issued to the wrong account" });
    const gone = (await load(student, certificate.code)) as Response;
    expect(gone.status).toBe(410);
    const page = await gone.text();
    expect(page).toContain("This certificate was revoked on");
    expect(page).toContain("Reason: Issued to the wrong account");
  });
});

describe("/verify/:code", () => {
  it("answers 404 with 'No certificate with this code' for an unknown code, and the certificate for a lowercase one", async () => {
    const load = (code: string) =>
      verifyLoader({
        request: new Request(`${ORIGIN}/verify/${code}`, { headers: browserHeaders() }),
        context: contextFor(null),
        params: { code },
      } as never);
    const unknown = (await load("zzzz-zzzz-zzzz")) as unknown as { data: { found: boolean; message: string }; init: { status: number } };
    expect(unknown.init.status).toBe(404);
    expect(unknown.data).toMatchObject({ found: false, message: "No certificate with this code" });
    const { certificate } = await createTestCertificate(await makeUser("customer", "Zainab Yusuf"));
    const found = (await load(certificate.code.toLowerCase())) as { found: boolean; certificate: { studentName: string } };
    expect(found).toMatchObject({ found: true, certificate: { studentName: "Zainab Yusuf" } });
  });
});

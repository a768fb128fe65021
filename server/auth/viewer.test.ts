import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { browserHeaders, cookieFrom } from "../../tests/support/requests";
import { registeredPerson } from "../../tests/support/gateway-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { userCapabilities } from "../users/schema";
import { sessions, users } from "./schema";
import { signIn } from "./sign-in";
import { getViewer } from "./viewer";

// Reading the signed-in person (docs/product/accounts.md#sessions): one statement from the signed session cookie, so a
// forged cookie is nobody, and a session ended or a role changed elsewhere counts at the next request.

useTestDatabase();
let ip = 0;

async function signedInCookie(name: string) {
  const person = await registeredPerson(name, { confirmed: true });
  const result = await signIn(person.email, "sunshine1", `10.41.0.${ip++}`, browserHeaders());
  expect(result.ok).toBe(true);
  return { person, cookie: cookieFrom((result as { headers: Headers }).headers) };
}

const viewerWith = (cookie: string) => getViewer(new Request("http://localhost/", { headers: browserHeaders(cookie) }));

describe("the signed-in person", () => {
  it("is read from the signed cookie, with role and capabilities as the database holds them now", async () => {
    const { person, cookie } = await signedInCookie("Olumide Bankole");
    expect(await viewerWith(cookie)).toMatchObject({ id: person.id, role: "customer", capabilities: [] });
    await getDb().update(users).set({ role: "staff" }).where(eq(users.id, person.id));
    await getDb().insert(userCapabilities).values({ userId: person.id, capability: "seller" });
    expect(await viewerWith(cookie)).toMatchObject({ id: person.id, role: "staff", capabilities: ["seller"] });
  });

  it("is nobody with a cookie whose signature is wrong, or whose session has ended or expired", async () => {
    const { person, cookie } = await signedInCookie("Halima Yusuf");
    const [name, value] = cookie.split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf("."));
    // The token alone, another token with this signature, and a signature of the right length but wrong: nobody.
    expect(await viewerWith(`${name}=${encodeURIComponent(token)}`)).toBeNull();
    // (A token that already begins with "x" gets a "y": one run in 62 was failing by changing nothing.)
    const otherFirst = decoded.startsWith("x") ? "y" : "x";
    expect(await viewerWith(`${name}=${encodeURIComponent(`${otherFirst}${decoded.slice(1)}`)}`)).toBeNull();
    expect(await viewerWith(`${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`)).toBeNull();

    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, person.id));
    expect(await viewerWith(cookie)).toBeNull();
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(sessions.userId, person.id));
    expect(await viewerWith(cookie)).toMatchObject({ id: person.id });
    await getDb().delete(sessions).where(eq(sessions.userId, person.id));
    expect(await viewerWith(cookie)).toBeNull();
  });

  it("moves a session's 30 days on once a day of use", async () => {
    const { person, cookie } = await signedInCookie("Kelechi Nnamdi");
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await getDb()
      .update(sessions)
      .set({ updatedAt: twoDaysAgo, expiresAt: new Date(Date.now() + 5 * 86_400_000) })
      .where(eq(sessions.userId, person.id));
    expect(await viewerWith(cookie)).toMatchObject({ id: person.id });
    const [session] = await getDb().select().from(sessions).where(eq(sessions.userId, person.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });
});

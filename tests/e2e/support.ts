import { createHmac } from "node:crypto";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

export const BASE = process.env.E2E_BASE_URL ?? "http://localhost:3100";
export const DEMO_PASSWORD = "Zavolah2026!";
export const DEMO = {
  admin: "admin@zavolah.ng",
  staff: "staff@zavolah.ng",
  customer: "customer@zavolah.ng",
  seller: "seller@zavolah.ng",
  student: "student@zavolah.ng",
  investor: "investor@zavolah.ng",
  architect: "architect@zavolah.ng",
} as const;

export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.ng`;

/** Signs in through the same form action the dialog uses; the page's context keeps the cookie. */
export async function signInAs(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post("/auth/sign-in", { form: { email, password, returnTo: "/" }, headers: { origin: BASE }, maxRedirects: 0 });
  expect(res.status(), `sign-in for ${email}`).toBe(302);
}

/** Opens the newest e-mail to `to` in the admin's local mailbox and returns the link under `path`. */
export async function linkFromMailbox(browser: Browser, to: string, path: string): Promise<string> {
  const context = await browser.newContext();
  try {
    await signInAs(context.request, DEMO.admin);
    const page = await context.newPage();
    let href: string | null = null;
    await expect(async () => {
      await page.goto(`/admin/mailbox?to=${encodeURIComponent(to)}`);
      await page
        .getByRole("link", { name: new RegExp(`To ${to.replace(/[.+]/g, "\\$&")}`) })
        .first()
        .click();
      href = await page.locator(`a[href*="${path}"]`).first().getAttribute("href", { timeout: 1000 });
      expect(href).toBeTruthy();
    }).toPass({ timeout: 15_000 });
    return href!;
  } finally {
    await context.close();
  }
}

/** The plain-text body of the newest e-mail to `to` whose subject matches, read from the admin's mailbox. */
export async function mailFromMailbox(browser: Browser, to: string, subject: RegExp): Promise<string> {
  const context = await browser.newContext();
  try {
    await signInAs(context.request, DEMO.admin);
    const page = await context.newPage();
    let body = "";
    await expect(async () => {
      await page.goto(`/admin/mailbox?to=${encodeURIComponent(to)}`);
      await page
        .getByRole("link", { name: subject })
        .filter({ hasText: `To ${to}` })
        .first()
        .click({ timeout: 1000 });
      await expect(page.locator("main").getByRole("heading", { level: 2, name: subject })).toBeVisible({ timeout: 2000 });
      body = await page.locator("main").innerText();
      expect(body).toContain(`To ${to}`);
    }).toPass({ timeout: 15_000 });
    return body;
  } finally {
    await context.close();
  }
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), as an authenticator app computes it. */
export function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of base32Secret.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, "0");
}

/** Waits until React has hydrated, so forms take their enhanced path. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

export async function openSignInDialog(page: Page, path = "/") {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}login=true`);
  await hydrated(page);
  await expect(page.getByRole("dialog")).toBeVisible();
}

/** Registers through the sign-up action and confirms through the e-mailed link, leaving the page signed out. */
export async function registerConfirmed(page: Page, browser: Browser, name: string, email: string, password: string) {
  const res = await page.request.post("/auth/sign-up", {
    form: { name, email, phone: "08091234567", password, confirmPassword: password, agreedToTerms: "on", _js: "1" },
    headers: { origin: BASE },
  });
  expect(res.ok()).toBe(true);
  await page.goto(await linkFromMailbox(browser, email, "/auth/callback"));
  await page.context().clearCookies();
}

/** Opens the dialog on `path` and submits e-mail and password; returns the dialog for what follows. */
export async function signInThroughDialog(page: Page, email: string, password: string, path = "/") {
  await openSignInDialog(page, path);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  return dialog;
}

import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { readCsv } from "../../domain/files/csv-read";
import { uniquePhone } from "../support/unique-values";
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

import { fakePorts } from "../fakes/fake-config";

export { totp } from "../support/totp";

export const BASE = process.env.E2E_BASE_URL ?? "http://localhost:3100";
/** The hostile walk's control port (tests/hostile/hostile-input.ts --serve), started beside the site. */
export const HOSTILE_WALK_URL = process.env.E2E_HOSTILE_URL ?? "http://127.0.0.1:7100";
export const DEMO_PASSWORD = "Zavolah2026!";
export const DEMO = {
  admin: "admin@zavolah.ng",
  finance: "finance@zavolah.ng",
  staff: "staff@zavolah.ng",
  customer: "customer@zavolah.ng",
  seller: "seller@zavolah.ng",
  student: "student@zavolah.ng",
  investor: "investor@zavolah.ng",
  architect: "architect@zavolah.ng",
} as const;
export type TDemoRole = keyof typeof DEMO;

/**
 * A demo role's saved sign-in (cookies), written once per run by global-setup.ts: for `test.use({ storageState })`,
 * which every context the test opens inherits, or for one context: `browser.newContext({ storageState })`.
 */
/** The rows of a downloaded CSV file, read as the site reads uploaded ones (domain/files/csv-read.ts). */
export function csvRows(text: string): string[][] {
  const read = readCsv(text);
  if ("problem" in read) throw new Error(`not a CSV file: ${read.problem}`);
  return read.rows;
}

export const signedIn = (role: TDemoRole) => fileURLToPath(new URL(`../../test-results/.auth/${role}.json`, import.meta.url));

/** Signs an open context in as a demo role from its saved sign-in, for a journey that changes user halfway. */
export async function useSignIn(context: BrowserContext, role: TDemoRole) {
  const state = JSON.parse(await readFile(signedIn(role), "utf8")) as { cookies: Parameters<BrowserContext["addCookies"]>[0] };
  await context.addCookies(state.cookies);
}

export { uniquePhone } from "../support/unique-values";
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.ng`;

/** Signs in through the same form action the dialog uses; the page's context keeps the cookie. */
export async function signInAs(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post("/auth/sign-in", { form: { email, password, returnTo: "/" }, headers: { origin: BASE }, maxRedirects: 0 });
  expect(res.status(), `sign-in for ${email}`).toBe(302);
}

/**
 * Opens an e-mail listed in the admin's mailbox by loading its address, so the wait is on the server's answer and
 * not on a client-side navigation: a busy machine makes that slow, never wrong.
 */
export async function openListed(page: Page, mail: Locator) {
  const href = await mail.getAttribute("href", { timeout: 1000 });
  await page.goto(new URL(href!, page.url()).href);
}

/**
 * The admin's local mailbox, read over HTTP with the admin's saved sign-in: the pages are server-rendered, so no page
 * is opened or hydrated. On a busy machine a page's hydration held the main thread past the short waits these
 * helpers need to poll for a new e-mail; the mailbox's own screen is tested in tests/e2e/admin/outbox.spec.ts.
 */
async function readMailbox<T>(browser: Browser, find: (mailbox: APIRequestContext) => Promise<T | null>, what: string): Promise<T> {
  const context = await browser.newContext({ storageState: signedIn("admin") });
  try {
    let found: T | null = null;
    // Until the e-mail is there: the newest one may still be an earlier e-mail to the same address.
    await expect(async () => {
      found = await find(context.request);
      expect(found, what).not.toBeNull();
    }).toPass({ timeout: 30_000 });
    return found!;
  } finally {
    await context.close();
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: " " };
const decodeEntities = (html: string) => html.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!);
/** What a reader sees of a piece of server-rendered HTML: its text, inline tags dropped, a line break per block. */
const textOf = (html: string) =>
  decodeEntities(
    html
      .replace(/<!-- -->/g, "")
      .replace(/<\/?(a|span|strong|em|b|i|code)\b[^>]*>/g, "")
      .replace(/<[^>]+>/g, "\n"),
  ).replace(/\n{2,}/g, "\n");

/** The mailbox's messages to `to`, newest first: each one's id and the text of its line in the list. */
async function mailboxList(mailbox: APIRequestContext, to: string) {
  const res = await mailbox.get(`/admin/mailbox?to=${encodeURIComponent(to)}`, { maxRedirects: 0 });
  expect(res.status(), "the admin's mailbox").toBe(200);
  const list = /aria-label="Messages"[\s\S]*?<\/section>/.exec(await res.text())?.[0] ?? "";
  return [...list.matchAll(/<a\b[^>]*\bhref="[^"]*[?&;]id=(\d+)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
    id: m[1]!,
    line: textOf(m[2]!).replace(/\n/g, " "),
  }));
}

/** One message of the mailbox: its article's HTML (subject, recipient, text with links). */
async function mailboxMessage(mailbox: APIRequestContext, to: string, id: string) {
  const res = await mailbox.get(`/admin/mailbox?to=${encodeURIComponent(to)}&id=${id}`, { maxRedirects: 0 });
  expect(res.status(), "the admin's mailbox").toBe(200);
  return /<article>([\s\S]*?)<\/article>/.exec(await res.text())?.[1] ?? "";
}

/** Opens the newest e-mail to `to` in the admin's local mailbox and returns the link under `path`. */
export async function linkFromMailbox(browser: Browser, to: string, path: string): Promise<string> {
  return readMailbox(
    browser,
    async (mailbox) => {
      const newest = (await mailboxList(mailbox, to))[0];
      if (!newest) return null;
      const href = new RegExp(`href="([^"]*${path.replace(/[.?+]/g, "\\$&")}[^"]*)"`).exec(await mailboxMessage(mailbox, to, newest.id));
      return href ? decodeEntities(href[1]!) : null;
    },
    `a link to ${path} in the newest e-mail to ${to}`,
  );
}

/** The plain-text body of the newest e-mail to `to` whose subject matches, read from the admin's mailbox. */
export async function mailFromMailbox(browser: Browser, to: string, subject: RegExp): Promise<string> {
  return readMailbox(
    browser,
    async (mailbox) => {
      const mail = (await mailboxList(mailbox, to)).find((m) => subject.test(m.line) && m.line.includes(`To ${to}`));
      if (!mail) return null;
      return textOf(await mailboxMessage(mailbox, to, mail.id));
    },
    `an e-mail to ${to} with the subject ${subject}`,
  );
}

/**
 * The `nth` code (1 for the first: a sign-in code, or one confirming the phone) texted to `phone` during the run, read
 * from the fake Termii the app sends SMS through (playwright.config.ts), as the phone would receive it. Waits until it
 * has arrived.
 */
export async function textedCode(phone: string, nth: number): Promise<string> {
  const to = `234${phone.replace(/\D/g, "").replace(/^(234|0)/, "")}`;
  const termii = `http://127.0.0.1:${fakePorts(Number(new URL(BASE).port)).termii}`;
  let code = "";
  await expect(async () => {
    const sent = (await (await fetch(`${termii}/_fake/sent`)).json()) as { to: string; sms: string }[];
    const codes = sent
      .filter((m) => m.to === to)
      .map((m) => /^Your Zavolah (?:sign-in code|code to confirm this phone) is (\d{6})\./.exec(m.sms)?.[1] ?? "");
    expect(codes.length, `code ${nth} texted to ${phone}`).toBeGreaterThanOrEqual(nth);
    code = codes[nth - 1]!;
  }).toPass({ timeout: 15_000 });
  return code;
}

/**
 * Waits until React has hydrated, so forms take their enhanced path. A public page sent to an anonymous visitor waits
 * for their first touch or key (app/entry.client.tsx): a key press no control reacts to stands for it.
 */
export async function hydrated(page: Page) {
  if ((await page.locator("html[data-hydrate=on-intent]:not([data-hydrated])").count()) > 0) {
    // Again every 100 ms until it takes: the page's script may not be listening yet when the first one is sent (its
    // entry is imported after the load event), and once hydration has started another key press changes nothing.
    await page.waitForFunction(
      () => {
        if (document.documentElement.dataset.hydrated === "true") return true;
        window.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift" }));
        return false;
      },
      undefined,
      { polling: 100, timeout: 60_000 },
    );
  }
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  // The auth dialog's code comes after the page's (app/components/auth-dialog-slot.tsx): an open dialog is
  // interactive once it says so.
  await expect(page.locator('[role=dialog][aria-labelledby="auth-title"]:not([data-ready])')).toHaveCount(0);
}

export async function openSignInDialog(page: Page, path = "/") {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}login=true`);
  await hydrated(page);
  await expect(page.getByRole("dialog")).toBeVisible();
}

/** Registers through the sign-up action and confirms through the e-mailed link, leaving the page signed out. */
export async function registerConfirmed(page: Page, browser: Browser, name: string, email: string, password: string) {
  const res = await page.request.post("/auth/sign-up", {
    form: { name, email, phone: uniquePhone(), password, confirmPassword: password, agreedToTerms: "on", _js: "1" },
    headers: { origin: BASE },
  });
  expect(res.ok()).toBe(true);
  await page.goto(await linkFromMailbox(browser, email, "/auth/callback"));
  await page.context().clearCookies();
}

/**
 * A customer of the journey's own, registered and confirmed from the mailbox; the e-mailed link signs them in on
 * `request` (a page's request shares its cookies). For journeys that fill a cart or count what a customer was sent.
 */
export async function signedInNewCustomer(
  request: APIRequestContext,
  browser: Browser,
  name = "Chidinma Eze",
  { referralCode = "", phone = uniquePhone() }: { referralCode?: string; phone?: string } = {},
): Promise<string> {
  const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
  const password = "Sunshine2026!";
  const res = await request.post("/auth/sign-up", {
    form: { name, email, phone, password, confirmPassword: password, agreedToTerms: "on", referralCode, _js: "1" },
    headers: { origin: BASE },
  });
  expect(res.ok()).toBe(true);
  const confirmed = await request.get(await linkFromMailbox(browser, email, "/auth/callback"));
  expect(new URL(confirmed.url()).pathname, "the confirmation link signs in and goes home").toBe("/");
  return email;
}

/**
 * On the ZavCharge dashboard of an account whose welcome waits for its phone (docs/product/zavcharge.md#welcome-credit):
 * types the code texted to `phone`, as the driver would, and waits for the ₦1,000 welcome credit.
 */
export async function confirmDriverPhone(page: Page, phone: string) {
  const card = page.getByTestId("confirm-phone");
  await expect(card).toBeVisible();
  await hydrated(page);
  await card.getByLabel("Code from the text message").fill(await textedCode(phone, 1));
  await card.getByRole("button", { name: "Confirm my phone" }).click();
  await expect(page.getByTestId("zavcharge-balance")).toHaveText("₦1,000.00");
  await expect(card).toHaveCount(0);
}

/** A signed-in customer opens their ZavCharge account at /zavcharge/join with `pin` and confirms the phone it names. */
export async function joinZavChargeOnTheSite(page: Page, pin: string) {
  await page.goto("/zavcharge/join");
  const phone = await page.getByLabel("Phone").inputValue();
  await page.getByLabel("PIN", { exact: true }).fill(pin);
  await page.getByLabel("Confirm PIN").fill(pin);
  await page.getByRole("button", { name: "Create my ZavCharge account" }).click();
  await expect(page).toHaveURL("/zavcharge/dashboard");
  await confirmDriverPhone(page, phone);
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

/**
 * A page as the page cache sends it. Each instance keeps its own cache (docs/operations.md#several-instances), and
 * the balancer sends consecutive requests to different instances: asks again until one answers from its cache.
 */
export async function fromPageCache(request: APIRequestContext, path: string) {
  for (let attempt = 1; ; attempt++) {
    const response = await request.get(path);
    if (response.headers()["x-page-cache"] === "hit" || attempt === 6) return response;
  }
}

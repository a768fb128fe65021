import { expect, type Page } from "@playwright/test";
import { BASE, linkFromMailbox, uniqueEmail, uniquePhone } from "../support";

// ZavCharge drivers of a journey's own, made through the same actions the dialog posts to.

export type TTestDriver = { code: string; email: string; pin: string };

/**
 * A driver registered through the ZavCharge dialog's action and confirmed from the mailbox in the same browser (the
 * account opens then); the page is signed out again afterwards.
 */
export async function registeredDriver(page: Page, pin = "314159"): Promise<TTestDriver> {
  const email = uniqueEmail("amaka");
  const res = await page.request.post("/zavcharge/register", {
    form: {
      name: "Amaka Obi",
      email,
      phone: uniquePhone(),
      password: "Charge2026!",
      confirmPassword: "Charge2026!",
      pin,
      confirmPin: pin,
      agreedToTerms: "on",
      _js: "1",
    },
    headers: { origin: BASE },
  });
  expect(res.status()).toBe(200);
  // The request shares the page's cookies: this is the browser that asked for the link.
  const confirmed = await page.request.get(await linkFromMailbox(page.context().browser()!, email, "/auth/callback"));
  expect(new URL(confirmed.url()).pathname).toBe("/zavcharge/dashboard");
  const code = /ZAV\d{8}[A-Z]{4}/.exec(await confirmed.text())![0];
  await page.context().clearCookies();
  return { code, email, pin };
}

/** "Forgot PIN": e-mails the driver a reset code, through the dialog's action. */
export async function requestPinResetCode(page: Page, driver: TTestDriver) {
  const res = await page.request.post("/zavcharge/pin-reset", {
    form: { subscriptionId: driver.code, email: driver.email, _js: "1" },
    headers: { origin: BASE },
  });
  expect(res.status()).toBe(200);
}

/** The reset code in the body of the PIN reset e-mail (read from the mailbox; never in its subject). */
export function pinResetCodeIn(mail: string): string {
  return /Reset code:\s*(\d{6})/.exec(mail)![1]!;
}

import { expect, type Page } from "@playwright/test";
import { BASE, uniqueEmail } from "../support";

// ZavCharge drivers of a journey's own, made through the same actions the dialog posts to.

export type TTestDriver = { code: string; email: string; pin: string };

/** A driver registered through the ZavCharge dialog's action; the page is signed out again afterwards. */
export async function registeredDriver(page: Page, pin = "314159"): Promise<TTestDriver> {
  const email = uniqueEmail("amaka");
  const res = await page.request.post("/zavcharge/register", {
    form: {
      name: "Amaka Obi",
      email,
      phone: "0816 555 0142",
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
  const body = (await res.json()) as { registered: { code: string } };
  await page.context().clearCookies();
  return { code: body.registered.code, email, pin };
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

import { expect, test } from "@playwright/test";
import { seriousViolations } from "../accessibility-check";
import { servedPage } from "../served-page";
import { BASE, hydrated, openSignInDialog, signedInNewCustomer, signInAs, uniqueEmail, uniquePhone } from "../support";

// Refer and earn (docs/product/refer-and-earn.md): a customer's link and code, a friend who opens the link on a phone
// and joins, and a code typed at sign-up that belongs to nobody.

test("a customer shares their link; a friend opens it on a phone, registers, and shows on the customer's page", async ({
  page,
  browser,
}) => {
  await signedInNewCustomer(page.request, browser, "Funmilayo Adeyemi");
  await page.goto("/refer-earn");
  await expect(page.getByRole("heading", { level: 1, name: "Share Zavolah, earn when friends buy" })).toBeVisible();
  const link = await page.getByRole("textbox", { name: "Your referral link" }).inputValue();
  expect(link).toMatch(/\/\?ref=[A-HJ-NP-Z2-9]{8}$/);
  const code = new URL(link).searchParams.get("ref")!;
  const share = page.getByRole("navigation", { name: "Share your link" });
  await expect(share.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=.*${code}`));
  await expect(share.getByRole("link", { name: "SMS" })).toHaveAttribute("href", /^sms:/);
  await expect(page.getByRole("img", { name: "QR code of your referral link" })).toBeVisible();
  await expect(page.getByText("Nobody has joined with your link yet.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A friend opens the link on a product page, on a phone: the page opens without the code in its address.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  const friend = await phone.newPage();
  await friend.goto(`/store?ref=${code.toLowerCase()}`);
  await expect(friend).toHaveURL(`${BASE}/store`);
  const remembered = (await phone.cookies()).find((c) => c.name === "zavolah_ref");
  expect(remembered).toMatchObject({ value: code, httpOnly: true, sameSite: "Lax" });
  expect(remembered!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

  await openSignInDialog(friend, "/store");
  const dialog = friend.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Register" }).click();
  await dialog.getByLabel("Full name").fill("Emeka Nwachukwu");
  await dialog.getByLabel("Email").fill(uniqueEmail("emeka"));
  await dialog.getByLabel("Phone").fill(uniquePhone());
  await dialog.getByLabel("Password", { exact: true }).fill("lagos-sun-2026");
  await dialog.getByLabel("Confirm password").fill("lagos-sun-2026");
  await dialog.getByLabel(/I agree to the/).check();
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByText("Account created successfully! Welcome, Emeka Nwachukwu!")).toBeVisible();
  await phone.close();

  await page.reload();
  await expect(page.getByTestId("link-opens")).toHaveText("1");
  await expect(page.getByTestId("joined-count")).toHaveText("1");
  await expect(page.getByTestId("invited-person")).toHaveText(/Emeka N\.\s*Signed up · joined \d{1,2} \w{3} \d{4}/);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: "test-results/screens/refer-earn-360.png", fullPage: true });
});

test("a referral code that belongs to nobody is refused beside its field, and no account is made", async ({ page }) => {
  const email = uniqueEmail("kunle");
  await openSignInDialog(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Register" }).click();
  await dialog.getByLabel("Full name").fill("Kunle Afolabi");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Phone").fill(uniquePhone());
  await dialog.getByLabel("Password", { exact: true }).fill("lagos-sun-2026");
  await dialog.getByLabel("Confirm password").fill("lagos-sun-2026");
  await dialog.getByText("Have a referral code?").click();
  await dialog.getByLabel("Referral code (optional)").fill("ZZZZ-ZZZZ");
  await dialog.getByLabel(/I agree to the/).check();
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByText("No one has that referral code. Check it, or leave the box empty.")).toBeVisible();

  // Signing in finds no account: nothing was made.
  const signIn = await page.request.post("/auth/sign-in", {
    form: { email, password: "lagos-sun-2026", _js: "1" },
    headers: { origin: BASE },
  });
  expect(signIn.status()).toBeGreaterThanOrEqual(400);
});

test("signed out, the page explains the programme and asks the visitor to sign in", async ({ request }) => {
  const sent = await servedPage(request, "/refer-earn");
  expect(sent.text).toContain("Sign in to get your own referral link and see who joined with it.");
  expect(sent.headings()).toContain("How it works");
  expect(sent.text).toMatch(/Self-referrals and duplicate accounts are not eligible/);
});

test("a customer who signs out and joins again with their own link, in the same browser, earns nothing from it", async ({
  page,
  browser,
}) => {
  const email = await signedInNewCustomer(page.request, browser, "Adebayo Ogunleye");
  await page.goto("/refer-earn");
  const code = new URL(await page.getByRole("textbox", { name: "Your referral link" }).inputValue()).searchParams.get("ref")!;
  await hydrated(page);
  await page.getByTestId("floating-panel").locator("summary").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Logged Out", { exact: true })).toBeVisible();

  // The same browser opens the link and makes a second account with another address and phone.
  await page.goto(`/?ref=${code}`);
  await openSignInDialog(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Register" }).click();
  await dialog.getByLabel("Full name").fill("Bayo Ogunleye");
  await dialog.getByLabel("Email").fill(uniqueEmail("bayo"));
  await dialog.getByLabel("Phone").fill(uniquePhone());
  await dialog.getByLabel("Password", { exact: true }).fill("lagos-sun-2026");
  await dialog.getByLabel("Confirm password").fill("lagos-sun-2026");
  await dialog.getByLabel(/I agree to the/).check();
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByText("Account created successfully! Welcome, Bayo Ogunleye!")).toBeVisible();

  await signInAs(page.request, email, "Sunshine2026!");
  await page.goto("/refer-earn");
  await expect(page.getByTestId("invited-person")).toContainText("Bayo O.");
  await expect(page.getByTestId("invited-person")).toContainText("Not eligible: joined on a phone or computer you sign in on");
  await expect(page.getByTestId("joined-count")).toHaveText("0");
});

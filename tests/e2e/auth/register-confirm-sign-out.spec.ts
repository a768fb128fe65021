import { expect, test } from "@playwright/test";
import { seriousViolations } from "../accessibility-check";
import { BASE, hydrated, linkFromMailbox, openSignInDialog, uniqueEmail, uniquePhone } from "../support";

test("a visitor registers, confirms from the mailbox, signs in, opens a guarded page and signs out", async ({ page, browser }) => {
  const email = uniqueEmail("amaka");
  await openSignInDialog(page);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Member")).toBeVisible();
  await dialog.getByRole("tab", { name: "Register" }).click();

  // Bad input first: the server's messages show beside the fields and nothing is created.
  await dialog.getByLabel("Full name").fill("Amaka Nwosu");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Phone").fill("12345");
  await dialog.getByLabel("Password", { exact: true }).fill("abc");
  await dialog.getByLabel("Confirm password").fill("abd");
  const submit = dialog.getByRole("button", { name: "Create account" });
  await expect(submit).toBeDisabled(); // until the terms are ticked (docs/product/accounts.md#registration)
  await dialog.getByLabel(/I agree to the/).check();
  await submit.click();
  await expect(dialog.getByText("Enter a Nigerian mobile number, e.g. 0803 123 4567")).toBeVisible();
  await expect(dialog.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(dialog.getByText("Passwords do not match")).toBeVisible();

  await dialog.getByLabel("Phone").fill("0803 555 7788");
  await dialog.getByLabel("Password", { exact: true }).fill("lagos-sun-2026");
  await dialog.getByLabel("Confirm password").fill("lagos-sun-2026");
  await submit.click();
  await expect(dialog.getByText("Account created successfully! Welcome, Amaka Nwosu!")).toBeVisible();
  await expect(dialog.getByText(`We have sent a confirmation link to ${email}`)).toBeVisible();

  // Signing in before confirming is refused with a clear message.
  await openSignInDialog(page);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill("lagos-sun-2026");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog.getByText(/Please confirm your e-mail address first/)).toBeVisible();

  const link = await linkFromMailbox(browser, email, "/auth/callback");
  expect(link).toContain("/auth/callback?token=");
  await page.goto(link);
  await expect(page.getByText("Account created successfully! Welcome, Amaka Nwosu!")).toBeVisible();

  // Confirming signed them in: a guarded page opens.
  await page.goto("/client-dashboard");
  await expect(page.getByRole("heading", { name: "My Orders & Appointments" })).toBeVisible();
  await hydrated(page);

  await page.getByTestId("floating-panel").locator("summary").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Logged Out", { exact: true })).toBeVisible();
  await page.goto("/client-dashboard");
  await expect(page).toHaveURL(/\/\?login=true&returnTo=%2Fclient-dashboard/);
  await expect(page.getByText("Authentication Required", { exact: true })).toBeVisible();

  // Signing in from the dialog returns them to the page they wanted.
  await hydrated(page);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill("lagos-sun-2026");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/client-dashboard$/);
  await expect(page.getByText("Welcome back, Amaka Nwosu!")).toBeVisible();
});

test("wrong password shows the failure and stays signed out", async ({ page }) => {
  await openSignInDialog(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill("customer@zavolah.ng");
  await dialog.getByLabel("Password").fill("not-the-password");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog.getByText("Invalid email or password")).toBeVisible();
  await expect(page.getByText("Login Failed", { exact: true })).toBeVisible(); // the toast too (docs/product/accounts.md)
  await page.goto("/client-dashboard");
  await expect(page).toHaveURL(/login=true/);
});

test("a confirmation link opened in another browser confirms and signs in only with the account's password", async ({ page, browser }) => {
  const email = uniqueEmail("ifeoma");
  const res = await page.request.post("/auth/sign-up", {
    form: {
      name: "Ifeoma Chukwu",
      email,
      phone: uniquePhone(),
      password: "Enugu-Rain-2026",
      confirmPassword: "Enugu-Rain-2026",
      agreedToTerms: "on",
      _js: "1",
    },
    headers: { origin: BASE },
  });
  expect(res.ok()).toBe(true);
  const link = await linkFromMailbox(browser, email, "/auth/callback");

  // Someone sent the link to another person: opening it does not sign them into this account.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(link);
    await expect(other.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
    expect(await seriousViolations(other)).toEqual([]);
    await other.goto("/client-dashboard");
    await expect(other).toHaveURL(/login=true/);

    await other.goto(link);
    await other.getByLabel("Password").fill("not-my-password");
    await other.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(other.getByText("That is not the password of this account.", { exact: false })).toBeVisible();
    await other.getByLabel("Password").fill("Enugu-Rain-2026");
    await other.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(other.getByText("Account created successfully! Welcome, Ifeoma Chukwu!")).toBeVisible();
    await other.goto("/client-dashboard");
    await expect(other.getByRole("heading", { name: "My Orders & Appointments" })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});

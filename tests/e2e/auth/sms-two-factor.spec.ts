import { expect, test } from "@playwright/test";
import { registerConfirmed, signInThroughDialog, textedCode, uniqueEmail } from "../support";

// Text message codes as the second factor (docs/product/accounts.md#two-factor-authentication): the number is verified by
// a first code, then every sign-in after the password texts a code to it. SMS go out through the fake Termii.

test("a customer turns on text message codes, then signs in with the code texted to their phone", async ({ page, browser }) => {
  const email = uniqueEmail("amaka");
  const password = "texted-code-1";
  const last4 = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  const phone = `0809${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}${last4}`;
  await registerConfirmed(page, browser, "Amaka Nwosu", email, password);
  await signInThroughDialog(page, email, password, "/account");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();

  const tfa = page.locator("section", { has: page.getByRole("heading", { name: "Two-factor authentication" }) });
  await tfa.getByLabel("Password").fill(password);
  await tfa.getByLabel("Mobile number for codes").fill(phone);
  await tfa.getByRole("button", { name: "Text me a code" }).click();
  await expect(tfa.getByText(`We sent a 6-digit code by text message to +234 *** *** ${last4}`)).toBeVisible();
  await expect(tfa.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await tfa.getByLabel("Code from the text message").fill(await textedCode(phone, 1));
  await tfa.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("Text message codes are on", { exact: true })).toBeVisible();
  await expect(tfa.getByTestId("two-factor-methods")).toContainText(`a code we text to +234 *** *** ${last4}`);

  // Signed out and back in: the password alone is not enough, and the code is texted at once.
  await page.context().clearCookies();
  const dialog = await signInThroughDialog(page, email, password);
  await expect(dialog.getByText(`Enter the 6-digit code we sent by text message to +234 *** *** ${last4}.`)).toBeVisible();
  await dialog.getByRole("button", { name: "Send a new code" }).click();
  await expect(dialog.getByText(/^You can ask for a new code once a minute\. Please wait \d+ seconds?\.$/)).toBeVisible();
  await dialog.getByLabel("Code from the text message").fill(await textedCode(phone, 2));
  await dialog.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
});

import { expect, test } from "@playwright/test";
import { hydrated, registerConfirmed, signInThroughDialog, totp, uniqueEmail } from "../support";

test("a user turns on TOTP two-factor, then signs in with a code and with a recovery code", async ({ page, browser }) => {
  const email = uniqueEmail("tolu");
  await registerConfirmed(page, browser, "Tolu Ogunleye", email, "two-factor-1");
  let dialog = await signInThroughDialog(page, email, "two-factor-1", "/account");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();

  const tfa = page.locator("section", { has: page.getByRole("heading", { name: "Two-factor authentication" }) });
  await tfa.getByLabel("Password").fill("wrong-password");
  await tfa.getByRole("button", { name: "Use an authenticator app" }).click();
  await expect(tfa.getByText("Your current password is not correct")).toBeVisible();
  await tfa.getByLabel("Password").fill("two-factor-1");
  await tfa.getByRole("button", { name: "Use an authenticator app" }).click();
  const secret = (await tfa.getByTestId("totp-secret").textContent())!.trim();
  const recovery = (await tfa.getByTestId("recovery-codes").locator("li").allTextContents()).map((c) => c.trim());
  expect(recovery.length).toBeGreaterThanOrEqual(8);
  await expect(tfa.locator("svg")).toBeVisible(); // the QR code
  await tfa.getByLabel("Code from the app").fill(String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, "0"));
  await tfa.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(tfa.getByText("That code is not valid. Check the time on your phone and try again.")).toBeVisible();
  await expect(tfa.getByTestId("totp-secret")).toHaveText(secret); // same secret, no need to start over
  await tfa.getByLabel("Code from the app").fill(totp(secret));
  await tfa.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("Two-factor authentication is on", { exact: true })).toBeVisible();

  const signOutAndInWithPassword = async () => {
    await page.context().clearCookies();
    return signInThroughDialog(page, email, "two-factor-1");
  };

  // Sign out and back in: the password alone is not enough.
  dialog = await signOutAndInWithPassword();
  await expect(dialog.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await dialog.getByLabel("Authentication code").fill("000000");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByText("That code is not valid. Check your authenticator app and try again.")).toBeVisible();
  await dialog.getByLabel("Authentication code").fill(totp(secret));
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();

  dialog = await signOutAndInWithPassword();
  await dialog.getByRole("link", { name: "Use a recovery code" }).click();
  await dialog.getByLabel("Recovery code").fill(recovery[0]!);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await hydrated(page);
});

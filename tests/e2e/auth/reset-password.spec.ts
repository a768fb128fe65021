import { expect, test } from "@playwright/test";
import { linkFromMailbox, openSignInDialog, registerConfirmed, uniqueEmail } from "../support";

test("forgot password -> e-mailed link -> new password -> sign in", async ({ page, browser }) => {
  // A fresh confirmed account, so the demo passwords stay as they are for other journeys.
  const email = uniqueEmail("bola");
  await registerConfirmed(page, browser, "Bola Ahmed", email, "first-pass-1");

  await openSignInDialog(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Forgot password" }).click();
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByText("Please enter your email address")).toBeVisible();
  await dialog.getByLabel("Email").fill(`  ${email}  `); // trimmed (docs/product/accounts.md#password-reset)
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByText("Password reset email sent!")).toBeVisible();
  await dialog.getByRole("button", { name: "Back to sign in" }).click();
  await expect(dialog.getByRole("button", { name: "Sign in" })).toBeVisible();

  const link = await linkFromMailbox(browser, email, "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("second-pass-2");
  await page.getByLabel("Confirm new password").fill("second-pass-3");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("second-pass-2");
  await page.getByLabel("Confirm new password").fill("second-pass-2");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Password Updated", { exact: true })).toBeVisible();

  const dialog2 = page.getByRole("dialog");
  await dialog2.getByLabel("Email").fill(email);
  await dialog2.getByLabel("Password").fill("first-pass-1");
  await dialog2.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog2.getByText("Invalid email or password")).toBeVisible();
  await dialog2.getByLabel("Password").fill("second-pass-2");
  await dialog2.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Welcome back, Bola Ahmed!")).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("third-pass-3");
  await page.getByLabel("Confirm new password").fill("third-pass-3");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("This reset link is invalid or has expired. Please request a new one.")).toBeVisible();
});

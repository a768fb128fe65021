import { expect, test, type Page } from "@playwright/test";
import { hydrated, registerConfirmed, signInAs, uniqueEmail, useSignIn } from "../support";

// "Notification Preferences": three cards, eight switches with their defaults (docs/product/notifications-and-reminders.md), each saved
// on the server with the "Preferences Updated" toast, still set after a reload; opened from /account and
// from the bell.

const SWITCHES = [
  "Email Notifications",
  "In-App Notifications",
  "Course Deadlines",
  "Subscription Renewals",
  "Blog Posts & Updates",
  "Academy Announcements",
  "ZavCharge Maintenance",
  "Marketing Emails",
];

async function openFromAccount(page: Page) {
  await page.goto("/account");
  await hydrated(page);
  await page.getByRole("button", { name: "Notification Preferences" }).click();
  const dialog = page.getByRole("dialog", { name: "Notification Preferences" });
  await expect(dialog.getByRole("switch")).toHaveCount(8);
  return dialog;
}

test("defaults, toggling with a toast, and the choice kept after a reload", async ({ page, browser }) => {
  const email = uniqueEmail("bisi");
  await registerConfirmed(page, browser, "Bisi Adeyemi", email, "Sunshine2026!");
  await signInAs(page.context().request, email, "Sunshine2026!");

  const dialog = await openFromAccount(page);
  for (const card of ["Communication Channels", "Content & Updates", "Marketing"])
    await expect(dialog.getByRole("region", { name: card })).toBeVisible();
  for (const name of SWITCHES)
    await expect(dialog.getByRole("switch", { name })).toHaveAttribute("aria-checked", name === "Marketing Emails" ? "false" : "true");

  await dialog.getByRole("switch", { name: "Marketing Emails" }).click();
  await expect(page.getByText("Preferences Updated")).toBeVisible();
  await expect(page.getByText("Your notification preferences have been saved.")).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Marketing Emails" })).toHaveAttribute("aria-checked", "true");
  await dialog.getByRole("switch", { name: "Email Notifications" }).press("Space");
  await expect(dialog.getByRole("switch", { name: "Email Notifications" })).toHaveAttribute("aria-checked", "false");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.reload();
  const again = await openFromAccount(page);
  await expect(again.getByRole("switch", { name: "Marketing Emails" })).toHaveAttribute("aria-checked", "true");
  await expect(again.getByRole("switch", { name: "Email Notifications" })).toHaveAttribute("aria-checked", "false");
  await expect(again.getByRole("switch", { name: "Blog Posts & Updates" })).toHaveAttribute("aria-checked", "true");
});

test("a save that fails puts the switch back and says so", async ({ page }) => {
  await useSignIn(page.context(), "customer");
  const dialog = await openFromAccount(page);
  const blog = dialog.getByRole("switch", { name: "Blog Posts & Updates" });
  const before = await blog.getAttribute("aria-checked");
  await page.route("**/api/notifications/preferences", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "down" }) : route.continue(),
  );
  await blog.click();
  await expect(page.getByText("Update Failed")).toBeVisible();
  await expect(blog).toHaveAttribute("aria-checked", before!);
});

test("the bell's dropdown opens the same dialog", async ({ page }) => {
  await useSignIn(page.context(), "customer");
  await page.goto("/client-dashboard");
  await hydrated(page);
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications/ })
    .click();
  await page.getByRole("region", { name: "Notifications" }).getByRole("button", { name: "Notification preferences" }).click();
  await expect(page.getByRole("dialog", { name: "Notification Preferences" }).getByRole("switch")).toHaveCount(8);
});

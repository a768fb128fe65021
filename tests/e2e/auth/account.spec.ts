import { expect, test } from "@playwright/test";
import { hydrated, registerConfirmed, signInAs, signInThroughDialog, uniqueEmail } from "../support";

// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test("a user edits their profile and photo, and changes their password", async ({ page, browser }) => {
  const email = uniqueEmail("femi");
  await registerConfirmed(page, browser, "Femi Oladipo", email, "first-pass-1");
  await signInAs(page.request, email, "first-pass-1");
  await page.goto("/account");
  await hydrated(page);
  const profile = page.locator("section", { has: page.getByRole("heading", { name: "Profile" }) });
  await expect(profile.getByLabel("Department")).toHaveCount(0); // customers have none

  await profile.getByLabel("Phone").fill("555");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Enter a Nigerian mobile number, e.g. 0803 123 4567")).toBeVisible();

  await profile.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from("not really an image") });
  await profile.getByLabel("Phone").fill("0812 345 6789");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Upload a PNG, JPEG or WebP photo")).toBeVisible();

  await profile.getByLabel("Full name").fill("Femi Oladipo-Adeyemi");
  await profile.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile Updated", { exact: true })).toBeVisible();
  await expect(profile.getByLabel("Phone")).toHaveValue("+2348123456789");
  await expect(profile.getByLabel("Full name")).toHaveValue("Femi Oladipo-Adeyemi");
  const src = await page.locator("main img").first().getAttribute("src");
  expect(src).toMatch(/^\/uploads\/avatars\/.+\.png$/);
  const res = await page.request.get(src!);
  expect(res.headers()["content-type"]).toBe("image/png");

  // A new photo replaces the old one, whose file is removed.
  await page
    .locator("section", { has: page.getByRole("heading", { name: "Profile" }) })
    .getByLabel("Photo")
    .setInputFiles({ name: "me2.png", mimeType: "image/png", buffer: PNG });
  await page
    .locator("section", { has: page.getByRole("heading", { name: "Profile" }) })
    .getByRole("button", { name: "Save profile" })
    .click();
  await expect(page.locator("main img").first()).not.toHaveAttribute("src", src!);
  expect((await page.request.get(src!)).status()).toBe(404);

  const pw = page.locator("section", { has: page.getByRole("heading", { name: "Change password" }) });
  await pw.getByLabel("Current password").fill("wrong-one");
  await pw.getByLabel("New password", { exact: true }).fill("second-pass-2");
  await pw.getByLabel("Confirm new password").fill("second-pass-2");
  await pw.getByRole("button", { name: "Update password" }).click();
  await expect(pw.getByText("Your current password is not correct")).toBeVisible();
  await pw.getByLabel("Current password").fill("first-pass-1");
  await pw.getByLabel("New password", { exact: true }).fill("second-pass-2");
  await pw.getByLabel("Confirm new password").fill("second-pass-2");
  await pw.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password Updated", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible(); // still signed in here

  await page.context().clearCookies();
  await signInThroughDialog(page, email, "second-pass-2");
  await expect(page.getByText("Welcome back, Femi Oladipo-Adeyemi!")).toBeVisible();
});

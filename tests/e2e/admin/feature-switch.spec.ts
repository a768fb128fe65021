import { expect, test, type Page } from "@playwright/test";
import { BASE, hydrated, useSignIn } from "../support";

async function setZavCharge(page: Page, enabled: boolean) {
  await page.goto("/admin/settings");
  const features = page.locator("section", { has: page.getByRole("heading", { name: "Features" }) });
  const box = features.getByLabel("ZavCharge enabled");
  if (enabled) await box.check();
  else await box.uncheck();
  await features.getByRole("button", { name: "Save features" }).click();
  await expect(page.getByText("Features saved", { exact: true })).toBeVisible();
}

test("an admin turns ZavCharge off: visitors get the disabled page and lose the footer links at once", async ({ page, browser }) => {
  await useSignIn(page.context(), "admin");
  await setZavCharge(page, false);
  await expect(page.getByTestId("audit-entry").first()).toContainText("setting.update zavChargeEnabled by admin@zavolah.ng");

  // The admin sees the notice on the disabled page.
  await page.goto("/zavcharge");
  await expect(page.getByRole("heading", { name: "Service Temporarily Unavailable" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("re-enable ZavCharge in Admin Settings");

  const visitor = await browser.newPage();
  try {
    const res = await visitor.goto("/zavcharge-product");
    expect(res!.status()).toBe(503);
    await expect(visitor.getByRole("heading", { name: "Service Temporarily Unavailable" })).toBeVisible();
    await expect(visitor.getByText("ZavCharge is currently disabled by the administrator")).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Go Back Home" })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "View Other Services" })).toBeVisible();
    await expect(visitor.getByRole("note")).toHaveCount(0); // no admin notice for visitors
    await visitor.goto("/");
    const quick = visitor.getByRole("navigation", { name: "Quick links" });
    await expect(quick.getByRole("link", { name: "Store" })).toBeVisible();
    await expect(quick.getByRole("link", { name: "ZavCharge Network" })).toHaveCount(0);
    // The driver pages, the PIN sign-in and the dialog's ZavCharge context go with it.
    expect((await visitor.goto("/zavcharge/dashboard"))!.status()).toBe(503);
    const pinSignIn = await visitor.request.post("/zavcharge/sign-in", {
      form: { subscriptionId: "ZAV48213907LEKK", pin: "246810", _js: "1" },
      headers: { origin: BASE },
      maxRedirects: 0,
    });
    expect(pinSignIn.status()).toBe(503);
    await visitor.goto("/?login=true&context=zavcharge");
    await hydrated(visitor);
    await expect(visitor.getByRole("dialog").getByRole("heading", { name: "Welcome to Zavolah" })).toBeVisible();
    await expect(visitor.getByRole("dialog").getByLabel("Subscription ID")).toHaveCount(0);
  } finally {
    await setZavCharge(page, true);
  }
  await visitor.goto("/zavcharge");
  await expect(visitor.getByRole("heading", { name: "ZavCharge Network" })).toBeVisible();
  await expect(visitor.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "ZavCharge Network" })).toBeVisible();
  await visitor.close();
});

test("settings reject bad input with a message and change nothing", async ({ page }) => {
  await useSignIn(page.context(), "admin");
  await page.goto("/admin/settings");
  await hydrated(page);
  const referral = page.locator("section", { has: page.getByRole("heading", { name: "Referral" }) });
  await referral.getByLabel("Maximum commission (%)").fill("150");
  await referral.getByRole("button", { name: "Save referral" }).click();
  await expect(referral.getByText("Maximum commission (%) must be at most 100")).toBeVisible();
  await page.goto("/admin/settings");
  await expect(
    page.locator("section", { has: page.getByRole("heading", { name: "Referral" }) }).getByLabel("Maximum commission (%)"),
  ).toHaveValue("15");
});

test("an admin issues a staff code and a new colleague registers as staff with it", async ({ page, browser }) => {
  await useSignIn(page.context(), "admin");
  await page.goto("/admin/settings");
  const codes = page.locator("#staff-codes");
  await codes.getByLabel("Department").fill("Installations");
  await codes.getByRole("button", { name: "Issue code" }).click();
  const toast = page.getByText(/ZAV-INST-[A-Z0-9]{6} for Installations/);
  await expect(toast).toBeVisible();
  const code = (await toast.textContent())!.match(/ZAV-INST-[A-Z0-9]{6}/)![0];

  const newcomer = await browser.newPage();
  await newcomer.goto("/staff?login=true&tab=register");
  await hydrated(newcomer);
  const dialog = newcomer.getByRole("dialog");
  await dialog.getByLabel("Full name").fill("Segun Afolabi");
  await dialog.getByLabel("Email").fill(`segun.${Date.now()}@zavolah.ng`);
  await dialog.getByLabel("Phone").fill("07031234567");
  await dialog.getByLabel("Password", { exact: true }).fill("solar-team-1");
  await dialog.getByLabel("Confirm password").fill("solar-team-1");
  await dialog.getByLabel("Staff member").check();
  await dialog.getByLabel("Staff code").fill("ZAV-INST-WRONG1");
  await dialog.getByLabel(/I agree to the/).check();
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByText("That staff code is not valid. Ask an administrator for a new one.")).toBeVisible();
  await dialog.getByLabel("Staff code").fill(code);
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByText("Account created successfully! Welcome, Segun Afolabi!")).toBeVisible();
  await newcomer.close();

  await page.goto("/admin/settings");
  await expect(page.locator("#staff-codes tr", { hasText: code })).toContainText("Used by segun.");
});

test("the header search box follows its setting", async ({ page, browser }) => {
  await useSignIn(page.context(), "admin");
  const visitor = await browser.newPage();
  await visitor.goto("/");
  await expect(visitor.getByRole("search")).toBeVisible();
  const toggle = async (on: boolean) => {
    await page.goto("/admin/settings");
    const features = page.locator("section", { has: page.getByRole("heading", { name: "Features" }) });
    await features.getByLabel("Show header search box").setChecked(on);
    await features.getByRole("button", { name: "Save features" }).click();
    await expect(page.getByText("Features saved", { exact: true })).toBeVisible();
  };
  await toggle(false);
  try {
    await visitor.reload();
    await expect(visitor.getByRole("search")).toHaveCount(0);
  } finally {
    await toggle(true);
  }
  await visitor.reload();
  await expect(visitor.getByRole("search")).toBeVisible();
  await visitor.close();
});

import { expect, test } from "@playwright/test";
import { hydrated, signedIn, signedInNewCustomer } from "../support";

// The users list (docs/product/roles-and-access.md#users-list): an admin finds a new customer, makes them staff (the
// staff pages open for them at once), and back; the change is in the audit log; an admin cannot change their own role.

test("an admin makes a customer staff and back, and the change shows in the audit log", async ({ browser }) => {
  const person = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const email = await signedInNewCustomer(person.request, browser, "Yetunde Balogun");
  expect((await person.goto("/staff/orders"))!.url()).not.toContain("/staff/orders");

  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  await admin.goto("/admin/dashboard");
  await admin.getByRole("link", { name: "Users", exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await admin.getByLabel("Name or e-mail").fill(email);
  await admin.getByRole("button", { name: "Find" }).click();
  await expect(admin.getByTestId("user-count")).toHaveText("Showing 1–1 of 1 user");
  const row = admin.getByTestId("user-rows").locator("li");
  await expect(row).toContainText("Customer · joined");
  await hydrated(admin);
  await row.getByLabel("Role of Yetunde Balogun").selectOption("staff");
  await row.getByRole("button", { name: "Save role of Yetunde Balogun" }).click();
  await expect(admin.getByText("Yetunde Balogun is now staff.")).toBeVisible();

  await person.goto("/staff/orders");
  await expect(person.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();

  await row.getByLabel("Role of Yetunde Balogun").selectOption("customer");
  await row.getByRole("button", { name: "Save role of Yetunde Balogun" }).click();
  await expect(admin.getByText("Yetunde Balogun is now customer.")).toBeVisible();
  expect((await person.goto("/staff/orders"))!.url()).not.toContain("/staff/orders");

  await admin.goto(`/admin/audit?action=user.role_change&actor=admin%40zavolah.ng`);
  await expect(admin.getByTestId("audit-rows").locator("li").first()).toContainText("user.role_change");

  // The admin's own row has no role form (the use case refuses it as well).
  await admin.goto("/admin/users?q=admin%40zavolah.ng");
  await expect(admin.getByTestId("user-rows").locator("li").first()).toContainText("(you)");
  await expect(admin.getByTestId("user-rows").getByRole("button")).toHaveCount(0);
});

test("making someone an administrator waits for a second administrator, who approves it", async ({ browser }) => {
  const person = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const email = await signedInNewCustomer(person.request, browser, "Olamide Fashola");

  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await hydrated(admin);
  const row = admin.getByTestId("user-rows").locator("li");
  await row.getByLabel("Role of Olamide Fashola").selectOption("admin");
  await row.getByRole("button", { name: "Save role of Olamide Fashola" }).click();
  await expect(admin.getByText("Another administrator must approve making Olamide Fashola an administrator.")).toBeVisible();
  await admin.reload();
  const waiting = admin.getByTestId("waiting-promotions").locator("li", { hasText: "Make Olamide Fashola an administrator" });
  await expect(waiting).toContainText("asked by you");
  await expect(waiting.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  expect((await person.goto("/admin/dashboard"))!.url()).not.toContain("/admin/dashboard");

  const finance = await (await browser.newContext({ storageState: signedIn("finance") })).newPage();
  await finance.goto("/admin/users#promotions");
  await hydrated(finance);
  const theirs = finance.getByTestId("waiting-promotions").locator("li", { hasText: "Make Olamide Fashola an administrator" });
  await expect(theirs).toContainText("asked by");
  await theirs.getByRole("button", { name: "Approve making Olamide Fashola an administrator" }).click();
  await expect(finance.getByText("Olamide Fashola is now an administrator.")).toBeVisible();
  await person.goto("/admin/dashboard");
  await expect(person.getByRole("heading", { level: 1 })).toContainText("Admin");
});

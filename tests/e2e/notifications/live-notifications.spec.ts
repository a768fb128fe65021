import { expect, test, type Page } from "@playwright/test";
import { BASE, hydrated, registerConfirmed, signedIn, signInAs, uniqueEmail, useSignIn } from "../support";

// Issue 5: an order placed in one tab shows up live under the bell in another tab (and the staff's),
// without a reload; the dropdown's empty state, click-to-read and mark-all-read; one user cannot mark
// another's notification read.

const PASSWORD = "Sunshine2026!";

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
const badge = (page: Page) => page.getByRole("banner").getByTestId("notification-badge");
const panel = (page: Page) =>
  page.getByRole("region", { name: "Notifications", exact: true }).filter({ has: page.getByTestId("unread-text") });

/** Opens the dropdown once the bell's island has loaded and its link is up. */
async function openBell(page: Page) {
  await hydrated(page);
  await bell(page).click();
  await expect(bell(page)).toHaveAttribute("aria-expanded", "true");
  await expect(panel(page)).toBeVisible();
}

/** Marks the page so a reload would show (the mark is gone after one). */
const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

test("an order placed in one tab appears live in the customer's other tab and in the staff's", async ({ page, browser }) => {
  const email = uniqueEmail("ifeoma");
  await registerConfirmed(page, browser, "Ifeoma Okeke", email, PASSWORD);
  await signInAs(page.context().request, email, PASSWORD);

  // Tab B: the customer's dashboard, with the bell's empty state.
  const tabB = await page.context().newPage();
  await tabB.goto("/client-dashboard");
  await openBell(tabB);
  await expect(panel(tabB).getByText("No notifications yet")).toBeVisible();
  await expect(panel(tabB).getByTestId("unread-text")).toHaveText("0 unread notifications");
  await expect(badge(tabB)).toHaveCount(0);
  await markNoReload(tabB);

  // A staff member's tab on the orders page.
  const staffContext = await browser.newContext({ storageState: signedIn("staff") });
  const staff = await staffContext.newPage();
  await staff.goto("/staff/orders");
  await hydrated(staff);
  await expect(bell(staff)).toBeVisible();
  await markNoReload(staff);

  // Tab A: the real cart and checkout, paying by bank transfer.
  await page.goto("/store/mono-perc-450w-panel");
  await hydrated(page);
  await page.getByTestId("add-to-cart").getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(/to your cart/).first()).toBeVisible();
  await page.goto("/checkout");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByLabel("Phone").fill("0803 456 7890");
  await form.getByLabel("Street address").fill("4 Awolowo Road, Ikoyi");
  await form.getByLabel("LGA or city").fill("Eti-Osa");
  await form.getByLabel("State").selectOption("Lagos");
  await form.getByLabel(/Bank transfer/).check();
  await form.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  const orderNumber = (
    await page
      .getByText(/ZV-\d+/)
      .first()
      .innerText()
  ).match(/ZV-\d+/)![0];

  // Tab B, untouched: the badge and the list update by themselves.
  await expect(badge(tabB)).toHaveText("1");
  const item = panel(tabB).getByTestId("notification-item").first();
  await expect(item).toContainText(`Order ${orderNumber} received`);
  await expect(item).toContainText(/just now|seconds? ago/);
  await expect(panel(tabB).getByTestId("unread-text")).toHaveText("1 unread notification");
  expect(await stillSamePage(tabB)).toBe(true);

  // The staff member hears of the new order too.
  await openBell(staff);
  await expect(panel(staff).getByTestId("notification-item").first()).toContainText(`New order ${orderNumber}`);
  expect(await stillSamePage(staff)).toBe(true);

  // The customer cannot mark the staff member's notification read.
  const staffList = await (await staffContext.request.get("/api/notifications")).json();
  const staffNote = staffList.notifications.find((n: { title: string }) => n.title === `New order ${orderNumber}`);
  const foreign = await page.request.post("/api/notifications/read", { data: { id: staffNote.id }, headers: { origin: BASE } });
  expect(foreign.status()).toBe(404);
  expect(
    (await (await staffContext.request.get("/api/notifications")).json()).notifications.find((n: { id: number }) => n.id === staffNote.id)
      .read,
  ).toBe(false);

  // Clicking the unread item marks it read (in both of the customer's tabs) and follows its link.
  await item.click();
  await expect(tabB).toHaveURL(/\/client-dashboard$/);
  await expect(badge(tabB)).toHaveCount(0);
  await page.goto("/client-dashboard");
  await openBell(page);
  await expect(panel(page).getByTestId("notification-item").first()).toHaveAttribute("data-read", "true");

  // Staff: mark all read clears the badge, and it stays cleared after a reload.
  await panel(staff).getByRole("button", { name: "Mark all read" }).click();
  await expect(panel(staff).getByTestId("unread-text")).toHaveText("0 unread notifications");
  await expect(badge(staff)).toHaveCount(0);
  await expect(panel(staff).getByTestId("unread-dot")).toHaveCount(0);
  await staff.reload();
  await hydrated(staff);
  await expect(bell(staff)).toHaveAttribute("aria-label", "Notifications");
  await staffContext.close();
});

test("the dropdown works from the keyboard: Enter opens, Escape closes and gives focus back", async ({ page }) => {
  await useSignIn(page.context(), "admin");
  await page.goto("/account");
  await hydrated(page);
  await bell(page).focus();
  await page.keyboard.press("Enter");
  await expect(panel(page)).toBeVisible();
  await expect(panel(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel(page)).toBeHidden();
  await expect(bell(page)).toBeFocused();
  await expect(bell(page)).toHaveAttribute("aria-expanded", "false");
});

test("signed-out visitors have no bell and /ws refuses them", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByRole("banner").getByRole("button", { name: /^Notifications/ })).toHaveCount(0);
  const refused = await page.evaluate(
    (url) =>
      new Promise<boolean>((resolve) => {
        const ws = new WebSocket(url);
        ws.onopen = () => resolve(false);
        ws.onerror = () => resolve(true);
      }),
    BASE.replace("http", "ws") + "/ws",
  );
  expect(refused).toBe(true);
  // The JSON APIs answer 401 rather than redirecting to the sign-in page (whose flash message a script
  // following the redirect would use up).
  const api = await page.request.get("/api/notifications", { maxRedirects: 0 });
  expect(api.status()).toBe(401);
  expect(await api.json()).toEqual({ error: "Please sign in." });
});

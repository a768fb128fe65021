import { expect, request, test } from "@playwright/test";
import { hydrated, linkFromMailbox, uniqueEmail } from "../support";

// Newsletter (docs/product/content.md#newsletter): toasts and states; double opt-in from the mailbox; one-click unsubscribe,
// from the link and from a mail app (RFC 8058).
test("a visitor subscribes from the footer, confirms from the e-mail and unsubscribes in one click", async ({ page, browser }) => {
  const email = uniqueEmail("kemi.adeyemi");
  await page.goto("/about");
  await hydrated(page);
  const footer = page.locator("footer");
  const input = footer.getByLabel(/News on solar packages/);
  await input.fill(email);
  // Hold the answer so the busy state is visible.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/newsletter/subscribe**", async (route) => {
    await held;
    await route.continue();
  });
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
  await expect(input).toBeDisabled();
  release();
  await expect(page.getByText("Subscribed Successfully!")).toBeVisible();
  await expect(input).toHaveValue("");

  const confirmLink = await linkFromMailbox(browser, email, "/newsletter/confirm");
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
  // Used once only.
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();

  const unsubscribeLink = await linkFromMailbox(browser, email, "/newsletter/unsubscribe");
  // The mail app's one-click button (RFC 8058): its provider POSTs from its own servers, with no cookie and no Origin.
  const provider = await request.newContext();
  const oneClick = { form: { "List-Unsubscribe": "One-Click" } };
  const res = await provider.post(unsubscribeLink, oneClick);
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain(`${email}</strong> will get no more marketing e-mails`);
  const forged = await provider.post(unsubscribeLink.replace(/token=[^&]+/, "token=forged-token"), oneClick);
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain("This unsubscribe link is not valid.");
  // Only that exact body, to that address, passes without an Origin.
  expect((await provider.post(unsubscribeLink, { form: { "List-Unsubscribe": "One-Click", again: "1" } })).status()).toBe(403);
  expect((await provider.post(new URL("/newsletter/subscribe", unsubscribeLink).href, { form: { email } })).status()).toBe(403);
  await provider.dispose();

  // Opening the link afterwards, as a person would, is harmless.
  await page.goto(unsubscribeLink);
  await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});

test("an invalid address gets the Invalid Email toast and sends nothing", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  let posted = false;
  page.on("request", (r) => {
    if (r.url().includes("/newsletter/subscribe")) posted = true;
  });
  const footer = page.locator("footer");
  await footer.getByLabel(/News on solar packages/).fill("not-an-email");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Invalid Email")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  expect(posted).toBe(false);
  // The server refuses it too (a browser without the check, or a script).
  const res = await page.request.post("/newsletter/subscribe", {
    form: { email: "kemi@", _js: "1" },
    headers: { origin: page.url().replace(/\/$/, "") },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({
    ok: false,
    error: { code: "invalid_input", field: "email", message: "Please enter a valid email address" },
    toast: { title: "Invalid Email" },
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the footer form still subscribes and shows the message", async ({ page }) => {
    await page.goto("/services");
    await page
      .locator("footer")
      .getByLabel(/News on solar packages/)
      .fill(uniqueEmail("no.js"));
    await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByText("Subscribed Successfully!")).toBeVisible();
  });
});

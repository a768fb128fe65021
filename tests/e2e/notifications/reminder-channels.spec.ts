import { expect, test, type Page } from "@playwright/test";
import { hydrated, mailFromMailbox, registerConfirmed, signedIn, signInAs, uniqueEmail } from "../support";

// Issue 5: the preferences dialog turns e-mail off, and the next reminder (a new blog post) arrives in-app
// only, live, while a reader who kept e-mail on gets it by e-mail too.

const PASSWORD = "Harmattan2026!";
const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
const badge = (page: Page) => page.getByRole("banner").getByTestId("notification-badge");

test("with e-mail notifications off, the next blog reminder is in the bell but not in the mailbox", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const quiet = uniqueEmail("kemi");
  const control = uniqueEmail("obinna");
  await registerConfirmed(page, browser, "Kemi Adebayo", quiet, PASSWORD);
  const controlPage = await browser.newPage();
  await registerConfirmed(controlPage, browser, "Obinna Nwosu", control, PASSWORD);
  await controlPage.close();

  // Kemi turns e-mail off in the dialog, then waits on her dashboard.
  await signInAs(page.context().request, quiet, PASSWORD);
  await page.goto("/account");
  await hydrated(page);
  await page.getByRole("button", { name: "Notification Preferences" }).click();
  const dialog = page.getByRole("dialog", { name: "Notification Preferences" });
  await dialog.getByRole("switch", { name: "Email Notifications" }).click();
  await expect(page.getByText("Preferences Updated")).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Email Notifications" })).toHaveAttribute("aria-checked", "false");
  await page.keyboard.press("Escape");
  await page.goto("/client-dashboard");
  await hydrated(page);
  await expect(bell(page)).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  // An admin publishes a post; publishing wakes the blog reminder job.
  const title = `Keeping panels clean in harmattan ${Date.now().toString(36)}`;
  const admin = await browser.newContext({ storageState: signedIn("admin") });
  const editor = await admin.newPage();
  await editor.goto("/admin/blog?new=1");
  await hydrated(editor);
  await editor.getByLabel("Title").fill(title);
  await editor.getByLabel("Excerpt").fill("Dust from the Sahara cuts solar output; a simple routine brings it back.");
  await editor
    .getByLabel("Content")
    .fill(
      "Harmattan dust settles on panels from November to March and can cut output by a fifth.\n\nRinse with clean water early in the morning, never with detergent, and check the mounting bolts while you are up there.",
    );
  await editor.getByLabel("Tags").fill("solar, maintenance");
  await editor.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(editor.getByText(title).first()).toBeVisible();
  await admin.close();

  // Kemi's bell lights up without a reload, and the item names the post.
  await expect(badge(page)).toHaveText("1", { timeout: 20_000 });
  await bell(page).click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByText(`New blog post: ${title}`)).toBeVisible({
    timeout: 10_000,
  });

  // Obinna kept e-mail on: he gets the reminder by e-mail. Once his has gone, Kemi's mailbox has none.
  expect(await mailFromMailbox(browser, control, new RegExp(`New on the Zavolah blog: ${title}`))).toContain(`New blog post: ${title}`);
  const mailbox = await browser.newContext({ storageState: signedIn("admin") });
  const inbox = await mailbox.newPage();
  await inbox.goto(`/admin/mailbox?to=${encodeURIComponent(quiet)}`);
  await expect(inbox.getByRole("link", { name: /Confirm your e-mail|Welcome/ }).first()).toBeVisible();
  await expect(inbox.getByRole("link", { name: /New on the Zavolah blog/ })).toHaveCount(0);
  await mailbox.close();
});

import { expect, test, type Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, hydrated } from "../support";

// The sign-in dialog opened by a link (/?login=true) is rendered on the server and its code arrives later
// (app/components/auth-dialog-slot.tsx). A person may start typing before it does: each value must stay in its
// own field, and each label must name its own field, before and after the code arrives
// (docs/product/accounts.md#auth-dialog).

/** Each field's label and what its `for` points at, as [label, the field's name] pairs. */
async function labelledFields(page: Page) {
  return page.getByRole("dialog").evaluate((dialog) =>
    [...dialog.querySelectorAll("label[for]")].map((label) => {
      const target = document.getElementById(label.getAttribute("for")!);
      return [label.textContent!.trim(), label.getAttribute("for"), target?.getAttribute("name") ?? null];
    }),
  );
}

test("the labels name the same fields, with the same ids, in the server's dialog and the running one", async ({ page, browser }) => {
  // The dialog exactly as the server sends it, before any script runs.
  const server = await browser.newContext({ javaScriptEnabled: false });
  const plain = await server.newPage();
  await plain.goto("/?login=true");
  const before = await labelledFields(plain);
  await server.close();
  expect(before).toEqual([
    ["Email", expect.any(String), "email"],
    ["Password", expect.any(String), "password"],
  ]);

  await page.goto("/?login=true");
  await hydrated(page);
  expect(await labelledFields(page)).toEqual(before);
});

test("typing while the dialog's code is still on its way keeps each value in its own field", async ({ page }) => {
  // Hold the dialog's code back until the person has started typing.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/auth-dialog-[^/]+\.js$/, async (route) => {
    requested();
    await held;
    await route.continue();
  });

  await page.goto("/?login=true");
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await asked;
  const dialog = page.getByRole("dialog");
  await expect(dialog).not.toHaveAttribute("data-ready", "true");
  await dialog.getByLabel("Email").fill(DEMO.staff);
  await dialog.getByLabel("Password").fill(DEMO_PASSWORD.slice(0, 4));

  // The code arrives while the person is in the middle of the password.
  release();
  await expect(dialog).toHaveAttribute("data-ready", "true");
  await page.keyboard.type(DEMO_PASSWORD.slice(4));

  await expect(dialog.getByLabel("Email")).toHaveValue(DEMO.staff);
  await expect(dialog.getByLabel("Password")).toHaveValue(DEMO_PASSWORD);
  await expect(dialog.getByLabel("Password")).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog).toHaveCount(0); // it closes once someone is signed in
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
});

import { expect, request as newRequest, test } from "@playwright/test";
import { BASE, hydrated, mailFromMailbox, signedIn, uniqueEmail, useSignIn } from "../support";
import { servedPage } from "../served-page";

test("a contact message reaches the sales copy and the sender's auto-reply", async ({ page, browser }) => {
  const email = uniqueEmail("yusuf.danladi");
  const subject = `Solar for my shop in Kano ${Date.now()}`;
  await page.goto("/contact");
  await hydrated(page);
  await page.getByLabel("Your name").fill("Yusuf Danladi");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("What is it about?").selectOption("sales");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("I run a provisions shop in Kano and want a 3kVA system to keep my freezers on.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Thank you, your message is on its way")).toBeVisible();
  await expect(page.getByText("Message Sent")).toBeVisible();

  const reply = await mailFromMailbox(browser, email, new RegExp(`We received your message: ${subject}`));
  expect(reply).toContain("reply within 24 hours");
  const copy = await mailFromMailbox(browser, "sales@zavolah.ng", new RegExp(`New contact message: ${subject}`));
  expect(copy).toContain("Name: Yusuf Danladi");
  expect(copy).toContain("Phone: Not provided");
  expect(copy).toContain(`Email: ${email}`);
});

test("bad input shows each message, keeps what was typed, and sends nothing", async ({ page }) => {
  const email = "not-an-address";
  const subject = `Invalid attempt ${Date.now()}`;
  await page.goto("/contact");
  await hydrated(page);
  await page.getByLabel("Your name").fill("Y");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone (optional)").fill("12345");
  await page.getByLabel("Message").fill("short");
  await page.getByLabel("Subject").fill(subject);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Please enter your name")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Enter a Nigerian mobile number, e.g. 0803 123 4567, or leave it empty")).toBeVisible();
  await expect(page.getByText("Please choose what your message is about")).toBeVisible();
  await expect(page.getByText("Please write a message of at least 10 characters")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("short");

  await useSignIn(page.context(), "admin");
  await page.goto("/admin/mailbox");
  await expect(page.getByRole("heading", { name: "Local mailbox" }).or(page.getByRole("heading", { level: 1 }))).toBeVisible();
  await expect(page.getByText(subject)).toHaveCount(0);
});

test("a filled honeypot is thanked and dropped", async ({ request }) => {
  const email = uniqueEmail("bot");
  const res = await request.post("/contact", {
    form: {
      name: "Cheap Pills",
      email,
      subject: `Great offer ${email}`,
      inquiryType: "general",
      message: "Buy now buy now buy now",
      website: "http://spam.example",
    },
    headers: { origin: BASE },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  const admin = await newRequest.newContext({ baseURL: BASE, storageState: signedIn("admin") });
  const mailbox = await servedPage(admin, "/admin/mailbox");
  expect([mailbox.path, mailbox.headings(1)]).toEqual(["/admin/mailbox", ["Local mailbox"]]);
  expect(mailbox.text).not.toContain(`Great offer ${email}`);
  await admin.dispose();
});

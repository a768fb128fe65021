import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZContactMessage } from "@domain/content/content-input";
import { useTestDatabase } from "../../../tests/support/test-database";
import { getDb } from "../../db/client";
import { outbox } from "../../messaging/schema";
import { metricValue } from "../../../tests/support/metrics";
import { contactMessages } from "../schema";
import { SALES_TEAM, sendContactMessage } from "./send-contact-message";

useTestDatabase();

const valid = {
  name: "Chinedu Obi",
  email: "chinedu.obi@example.ng",
  phone: "",
  subject: "5kVA system for a pharmacy in Enugu",
  inquiryType: "sales",
  message: "Good afternoon, I need a quote for a 5kVA solar system with batteries for my pharmacy.",
};

describe("contact form", () => {
  it("stores the message and queues the auto-reply and the sales copy together", async () => {
    const msg = ZContactMessage.parse(valid);
    const result = await sendContactMessage(msg, { ip: "10.30.0.1" });
    expect(result.ok).toBe(true);
    const [row] = await getDb().select().from(contactMessages);
    expect(row).toMatchObject({ name: "Chinedu Obi", phone: null, inquiryType: "sales", status: "new" });
    const reply = await getDb().select().from(outbox).where(eq(outbox.recipient, valid.email));
    expect(reply).toHaveLength(1);
    expect(reply[0]!.text).toContain("within 24 hours");
    const copy = await getDb().select().from(outbox).where(eq(outbox.recipient, SALES_TEAM.email));
    expect(copy).toHaveLength(1);
    expect(copy[0]!.text).toContain("Phone: Not provided");
    expect(copy[0]!.text).toContain("Email: chinedu.obi@example.ng");
  });

  it("normalises a given phone number", async () => {
    const msg = ZContactMessage.parse({ ...valid, email: "bisi@example.ng", phone: "0803 123 4567" });
    expect(msg.phone).toBe("+2348031234567");
  });

  it("gives each bad field its message", () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ name: "" }, "name", "Please enter your name"],
      [{ email: "chinedu" }, "email", "Please enter a valid email address"],
      [{ phone: "12345" }, "phone", "Enter a Nigerian mobile number, e.g. 0803 123 4567, or leave it empty"],
      [{ subject: "" }, "subject", "Please enter a subject"],
      [{ inquiryType: "lottery" }, "inquiryType", "Please choose what your message is about"],
      [{ message: "hi" }, "message", "Please write a message of at least 10 characters"],
      [{ message: "x".repeat(5001) }, "message", "Please keep your message under 5,000 characters"],
    ];
    for (const [over, field, message] of cases) {
      const parsed = ZContactMessage.safeParse({ ...valid, ...over });
      expect(parsed.success, field).toBe(false);
      expect(parsed.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
    }
  });

  it("stops a flood from one address and stores nothing past the limit", async () => {
    const msg = ZContactMessage.parse({ ...valid, email: "flood@example.ng" });
    const refusedBefore = await metricValue('rate_limit_refusals_total{kind="contact"}');
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await sendContactMessage(msg, { ip: `10.31.0.${i}` }));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results[6]).toMatchObject({ ok: false, error: { code: "rate_limited", message: expect.stringContaining("Too many attempts") } });
    expect(await getDb().select().from(contactMessages).where(eq(contactMessages.email, "flood@example.ng"))).toHaveLength(5);
    // The two refused are counted for the operators (docs/operations.md#monitoring).
    expect(await metricValue('rate_limit_refusals_total{kind="contact"}')).toBe(refusedBefore + 2);
  });
});

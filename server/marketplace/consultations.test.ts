import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZConsultationDecision, ZConsultationRequest } from "@domain/marketplace/consultation-input";
import { makeUser } from "../../tests/support/store-fixtures";
import { makeSeller } from "../../tests/support/marketplace-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { answerConsultation } from "./answer-consultation";
import { listMyConsultationsWith, listStudioConsultations } from "./list-consultations";
import { requestConsultation } from "./request-consultation";

// Consultation requests to architects and designers (docs/product/marketplace.md#consultations).

useTestDatabase();

const brief = (over: Record<string, string> = {}) =>
  ZConsultationRequest.parse({
    brief: "A four-bedroom duplex on a 60 x 120 ft plot with a home office and room for solar panels.",
    budget: "2,500,000",
    state: "Federal Capital Territory",
    city: "Lokogoma",
    ...over,
  });
const kindsTo = async (email: string) => (await getDb().select().from(outbox).where(eq(outbox.recipient, email))).map((m) => m.kind);

describe("consultation requests", () => {
  it("reads the form and refuses what is missing or wrong", () => {
    expect(brief().budget).toBe(250_000_000);
    const bad = ZConsultationRequest.safeParse({ brief: "A house", budget: "5000", state: "Wakanda", city: "" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0])).toEqual(["brief", "budget", "state", "city"]);
    expect(ZConsultationDecision.safeParse({ requestId: "1", decision: "decline", reply: "no" }).success).toBe(false);
  });

  it("a buyer asks, the architect is told, accepts with a message, and the buyer is told", async () => {
    const studio = await makeSeller("architect", "Zainab Bello");
    const buyer = await makeUser("customer", "Emeka Eze");
    expect(await requestConsultation(buyer, studio.slug, brief())).toMatchObject({ ok: true, studio: "Zainab Bello Studio" });
    expect(await kindsTo(studio.email)).toEqual(["consultation_requested"]);
    const [request] = await listStudioConsultations(studio.sellerId);
    expect(request).toMatchObject({ status: "pending", budgetKobo: 250_000_000, city: "Lokogoma", buyer: { name: "Emeka Eze" } });

    const answer = { requestId: request!.id, decision: "accept" as const, reply: "I will call you on Thursday to arrange a site visit." };
    expect(await answerConsultation(studio, answer)).toMatchObject({ ok: true, status: "accepted", buyerName: "Emeka Eze" });
    expect(await kindsTo(buyer.email)).toEqual(["consultation_answered"]);
    expect(await listMyConsultationsWith(buyer.id, studio.slug)).toEqual([
      expect.objectContaining({ status: "accepted", reply: answer.reply }),
    ]);
    const twice = await answerConsultation(studio, { ...answer, decision: "decline" });
    expect(!twice.ok && twice.error.status).toBe(409);
  });

  it("refuses product stores, one's own studio, a third waiting request, and another architect's answer", async () => {
    const maker = await makeSeller("seller", "Musa Abdullahi");
    const studio = await makeSeller("architect", "Kunle Ade");
    const otherStudio = await makeSeller("architect", "Halima Yusuf");
    const buyer = await makeUser("customer", "Ifeoma Nnaji");
    const toMaker = await requestConsultation(buyer, maker.slug, brief());
    expect(!toMaker.ok && toMaker.error.message).toBe("This store sells products and does not take consultations.");
    const own = await requestConsultation(studio, studio.slug, brief());
    expect(!own.ok && own.error.status).toBe(403);
    const unknown = await requestConsultation(buyer, "no-such-studio", brief());
    expect(!unknown.ok && unknown.error.status).toBe(404);

    await requestConsultation(buyer, studio.slug, brief());
    await requestConsultation(buyer, studio.slug, brief({ city: "Gwarinpa" }));
    const third = await requestConsultation(buyer, studio.slug, brief({ city: "Jabi" }));
    expect(!third.ok && third.error.status).toBe(409);
    expect(await listStudioConsultations(studio.sellerId)).toHaveLength(2);

    const [request] = await listStudioConsultations(studio.sellerId);
    const stranger = await answerConsultation(otherStudio, {
      requestId: request!.id,
      decision: "decline",
      reply: "Not my studio at all, sorry.",
    });
    expect(!stranger.ok && stranger.error.status).toBe(404);
    const customer = await answerConsultation(buyer, { requestId: request!.id, decision: "accept", reply: "I accept my own request." });
    expect(!customer.ok && customer.error.status).toBe(403);
    expect((await listStudioConsultations(studio.sellerId)).every((r) => r.status === "pending")).toBe(true);
  });
});

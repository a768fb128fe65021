import { describe, expect, it } from "vitest";
import { succeed } from "@domain/errors/app-error";
import { answerPageIntent, runPageIntent, type TPageIntents } from "./page-intents.server";

const intents: TPageIntents<{ who: string }> = {
  rename: async (fields, { who }) => succeed({ message: `${who} renamed it ${fields.title}` }),
};

describe("a page's intents", () => {
  it("runs the intent the form names with the page's context", async () => {
    const result = await runPageIntent(intents, { intent: "rename", title: "Solar basics" }, { who: "Ngozi" });
    expect(result).toMatchObject({ ok: true, message: "Ngozi renamed it Solar basics" });
  });

  it("refuses a name the page does not have, even one every object has", async () => {
    for (const intent of ["delete", "toString", "constructor", ""]) {
      const result = await runPageIntent(intents, { intent }, { who: "Ngozi" });
      expect(result.ok ? null : result.error.message).toBe("Unknown action");
    }
  });

  it("answers an intent with the page's own response, and an unknown one as the page answers a refusal", async () => {
    const answering: TPageIntents<{ who: string }, string> = { greet: async (_fields, { who }) => `Hello ${who}` };
    const answerRefusal = async (refusal: { error: { message: string } }) => `Refused: ${refusal.error.message}`;
    expect(await answerPageIntent(answering, { intent: "greet" }, { who: "Ngozi" }, answerRefusal)).toBe("Hello Ngozi");
    expect(await answerPageIntent(answering, { intent: "toString" }, { who: "Ngozi" }, answerRefusal)).toBe("Refused: Unknown action");
  });
});

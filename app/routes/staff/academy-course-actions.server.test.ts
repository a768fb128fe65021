import { describe, expect, it } from "vitest";
import { COURSE_INTENTS, notOfThisCourse } from "./academy-course-actions.server";

// The course page changes only its own course: every intent that names an item (a module, a lesson, an intake...)
// has the item's course checked before it runs; only the intents about the course itself take its id from the address.
const OF_THE_COURSE_ITSELF = ["course", "status", "module-add", "assignment-add", "intake-add"];

describe("the course page's ownership check", () => {
  it("checks the item of every intent but those about the course itself", async () => {
    for (const intent of Object.keys(COURSE_INTENTS)) {
      // No id at all: an item of no course.
      const refused = await notOfThisCourse({ intent }, "1");
      if (OF_THE_COURSE_ITSELF.includes(intent)) expect(refused, intent).toBeNull();
      else expect(refused && !refused.ok ? refused.error.code : null, intent).toBe("not_found");
    }
  });

  it("refuses an id that does not parse, saying what it is not part of", async () => {
    const refused = await notOfThisCourse({ intent: "session-edit", sessionId: "x" }, "1");
    expect(refused && !refused.ok ? refused.error.message : null).toBe("That live session is not part of this course.");
  });

  it("takes an intent named like a member every object has for no item, so the page refuses it as unknown", async () => {
    for (const intent of ["toString", "constructor", "__proto__"]) expect(await notOfThisCourse({ intent }, "1"), intent).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { bookingSchema } from "./appointments-input";

const NOW = new Date("2026-11-23T10:00:00Z");
const valid = {
  name: "Chiamaka Obi",
  email: "chiamaka.obi@example.ng",
  phone: "0803 123 4567",
  serviceType: "consultation",
  preferredDate: "2026-12-01",
  location: "12 Allen Avenue, Ikeja",
  state: "Lagos",
};

describe("the booking form's date", () => {
  it("accepts a real date within the window", () => {
    expect(bookingSchema(NOW).safeParse(valid).success).toBe(true);
  });

  it("answers a date that does not exist with its message instead of failing", () => {
    for (const preferredDate of ["2026-13-45", "2026-02-30", "2026-1-5"]) {
      const parsed = bookingSchema(NOW).safeParse({ ...valid, preferredDate });
      expect(parsed.error?.issues[0]?.message, preferredDate).toBe("Enter the date as YYYY-MM-DD");
    }
  });
});

import { describe, expect, it } from "vitest";
import { paginate } from "./paginate";

const NUMBERS = Array.from({ length: 45 }, (_, i) => i + 1);
const pageOfNumbers = (page: number, list = NUMBERS) =>
  paginate(
    page,
    20,
    async () => list.length,
    async ({ limit, offset }) => list.slice(offset, offset + limit),
  );

describe("paginate", () => {
  it("reads the asked-for page", async () => {
    expect(await pageOfNumbers(2)).toEqual({ rows: NUMBERS.slice(20, 40), total: 45, page: 2, pageCount: 3 });
  });

  it("shows the last page for a page past the end, and page 1 for nonsense", async () => {
    expect(await pageOfNumbers(99)).toMatchObject({ rows: [41, 42, 43, 44, 45], page: 3 });
    expect(await pageOfNumbers(0)).toMatchObject({ page: 1, rows: NUMBERS.slice(0, 20) });
    expect(await pageOfNumbers(Number.NaN)).toMatchObject({ page: 1 });
  });

  it("makes an empty list one empty page", async () => {
    expect(await pageOfNumbers(3, [])).toEqual({ rows: [], total: 0, page: 1, pageCount: 1 });
  });
});

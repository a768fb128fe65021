import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "~/lib/route-table";

// No route module over 300 lines (docs/decisions/0046-pages-from-shared-pieces.md): a page keeps its meta, loader,
// the action's guard and its top-level markup; its intents live in an action module beside it
// (`<page>-actions.server.ts`) and its components under app/components/<area>/.

const MAX_LINES = 300;

/** Lines as an editor numbers them: a final newline does not start another one. */
export function lineCount(source: string): number {
  if (source === "") return 0;
  return source.split("\n").length - (source.endsWith("\n") ? 1 : 0);
}

describe("route modules stay small", () => {
  it("counts lines as an editor numbers them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\n")).toBe(1);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("a\n\nb\n")).toBe(3);
  });

  it(`finds no module in the route table over ${MAX_LINES} lines`, () => {
    const files = [...new Set(ROUTE_TABLE.map((r) => r.file))];
    expect(files.length).toBeGreaterThan(50);
    const tooLong = files.flatMap((file) => {
      const lines = lineCount(readFileSync(join(process.cwd(), "app", file), "utf8"));
      return lines > MAX_LINES
        ? [`app/${file}: ${lines} lines (move its intents to an action module beside it, its components under app/components)`]
        : [];
    });
    expect(tooLong).toEqual([]);
  });
});

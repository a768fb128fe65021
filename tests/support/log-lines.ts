import { expect, onTestFinished, vi } from "vitest";

// What the code under test logs, for a test that expects a warning or an error to be logged (a provider that fails on
// purpose, a refused charger, a webhook with a bad signature): the test asserts the line instead of printing it.
// server/log.ts writes each line through console.log under Vitest, which keeps it back and prints it only for a test
// that fails (vitest.config.ts, silent "passed-only"); a watched line is still passed on, so a failing test shows it.

export type TLogLine = { level: number; msg: string } & Record<string, unknown>;

const LEVELS = { warn: 40, error: 50 } as const;

/** Starts watching the log lines written until the test ends. */
export function watchLog() {
  const lines: TLogLine[] = [];
  const passOn = console.log.bind(console);
  const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    const line = args.length === 1 && typeof args[0] === "string" ? parsedLine(args[0]) : null;
    if (line) lines.push(line);
    passOn(...args);
  });
  onTestFinished(() => spy.mockRestore());
  return {
    lines,
    /** The messages logged so far, in order. */
    messages: () => lines.map((l) => l.msg),
    /** Asserts that a line with this message (and these fields, when given) was logged at `level` or above. */
    expectLogged(msg: string | RegExp, { level = "warn", ...fields }: { level?: keyof typeof LEVELS } & Record<string, unknown> = {}) {
      const wanted = typeof msg === "string" ? msg : expect.stringMatching(msg);
      const found = lines.filter((l) => l.level >= LEVELS[level]);
      expect(found, `no ${level} line "${String(msg)}" among: ${JSON.stringify(this.messages())}`).toContainEqual(
        expect.objectContaining({ msg: wanted, ...fields }),
      );
    },
    /** Asserts that nothing at `level` or above was logged. */
    expectNothingLogged(level: keyof typeof LEVELS = "warn") {
      expect(lines.filter((l) => l.level >= LEVELS[level]).map((l) => l.msg)).toEqual([]);
    },
  };
}

function parsedLine(text: string): TLogLine | null {
  if (!text.startsWith('{"level":')) return null;
  try {
    const line = JSON.parse(text) as TLogLine;
    return typeof line.level === "number" && typeof line.msg === "string" ? line : null;
  } catch {
    return null;
  }
}

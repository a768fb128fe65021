// A parsed JSON body's texts, checked before its schema reads it (docs/product/validation-and-messages.md#bad-input).
// The walk keeps its own stack instead of recursing: JSON.parse accepts 20,000 nested arrays in 40 KB, which a
// recursive walk (or JSON.stringify) would answer with a stack overflow, a 500.

/** How deep a body may nest: no request of ours needs more than a handful of levels. */
export const MAX_JSON_DEPTH = 32;

export type TJsonText = { text: string; isKey: boolean; path: (string | number)[] };
export type TJsonWalkStop<T> = { kind: "too_deep" } | { kind: "text"; found: T; path: (string | number)[] };

/**
 * Visits every text of `value` (keys and string values) in document order until `check` returns something, which is
 * then returned with the text's path; stops with "too_deep" at the first value nested more than `maxDepth` levels.
 * Null when every text passed.
 */
export function walkJsonTexts<T>(value: unknown, check: (text: TJsonText) => T | null, maxDepth = MAX_JSON_DEPTH): TJsonWalkStop<T> | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      const found = check({ text: current, isKey: false, path });
      if (found !== null) return { kind: "text", found, path };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (path.length >= maxDepth) return { kind: "too_deep" };
    const entries = Array.isArray(current) ? current.map((item, i) => [i, item] as const) : Object.entries(current);
    // Pushed last to first, so the first entry is visited first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      stack.push({ value: inner, path: [...path, key] });
    }
    for (const [key] of entries) {
      if (typeof key !== "string") continue;
      const found = check({ text: key, isKey: true, path });
      if (found !== null) return { kind: "text", found, path };
    }
  }
  return null;
}

/**
 * A value made on first use and kept. Used for Intl formatters: each costs milliseconds to build (locale and time-zone
 * data), so modules that built theirs at load made every page's first load in the browser pay for formatters it never
 * used (docs/performance.md).
 */
export function madeOnce<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

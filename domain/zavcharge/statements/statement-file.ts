// A driver's statement (docs/product/zavcharge.md#statement).

/** The statement's file name (docs/product/zavcharge.md#statement): zavcharge-statement-<id>-<yyyy-mm-dd>. */
export function statementFileName(code: string, lagosIsoDay: string, ext: "csv" | "pdf"): string {
  return `zavcharge-statement-${code}-${lagosIsoDay}.${ext}`;
}

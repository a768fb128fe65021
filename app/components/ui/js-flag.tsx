import { useEffect, useState } from "react";

/** True once React has hydrated: before that, forms post as plain HTML forms. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Tells the action whether to answer with data (JS on) or a redirect with a flash (JS off). See server/http/form-request.ts. */
export function JsFlag() {
  return <input type="hidden" name="_js" value={useHydrated() ? "1" : "0"} />;
}

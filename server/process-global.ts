// State that must be one per process although the server is two bundles (server/main.ts's and React Router's, which
// each carry their own copy of a module): kept on globalThis under a registered symbol, as the database handle is.

/** The process's one value under `name`, made by `make` the first time either bundle asks. */
export function processGlobal<T>(name: string, make: () => T): T {
  const key = Symbol.for(`zavolah.${name}`);
  const holder = globalThis as Record<symbol, unknown>;
  if (!(key in holder)) holder[key] = make();
  return holder[key] as T;
}

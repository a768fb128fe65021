import type { ServerResponse } from "node:http";

/**
 * Adds a header to whatever the response sends, worked out when its head is written. The app's own headers (a
 * session cookie, a flash message) reach `writeHead` as a raw list, and a header set earlier by name would be replaced
 * by them, so this one joins that list (after any of the same name).
 */
export function addHeaderWhenSent(res: ServerResponse, name: string, valueOf: () => string | null) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const value = valueOf();
    if (value !== null) {
      const headersAt = typeof args[1] === "string" ? 2 : 1;
      const headers = args[headersAt];
      if (Array.isArray(headers)) {
        if (Array.isArray(headers[0])) args[headersAt] = [...(headers as string[][]), [name, value]];
        else args[headersAt] = [...(headers as string[]), name, value];
      } else if (headers && typeof headers === "object") {
        const named = headers as Record<string, string | string[]>;
        const key = Object.keys(named).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
        const existing = named[key];
        args[headersAt] = { ...named, [key]: [...(existing === undefined ? [] : [existing].flat()), value] };
      } else {
        this.appendHeader(name, value);
      }
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

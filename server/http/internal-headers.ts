import type { IncomingMessage } from "node:http";

/** Replaces headers that only this server may set, in both req.headers and req.rawHeaders. */
export function stampInternalHeaders(req: IncomingMessage, values: Record<string, string>) {
  const names = new Set(Object.keys(values));
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!names.has(req.rawHeaders[i]!.toLowerCase())) raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  for (const [name, value] of Object.entries(values)) {
    raw.push(name, value);
    req.headers[name] = value;
  }
  req.rawHeaders.length = 0;
  req.rawHeaders.push(...raw);
}

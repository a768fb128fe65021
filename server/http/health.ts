import type { ServerResponse } from "node:http";
import { getDbHandle } from "../db/client";

/** GET /health: 200 when the database answers within 2 s, 503 otherwise. */
export async function answerHealth(res: ServerResponse) {
  let database = "up";
  try {
    await Promise.race([getDbHandle().ping(), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000))]);
  } catch {
    database = "down";
  }
  const ok = database === "up";
  res.writeHead(ok ? 200 : 503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify({ status: ok ? "ok" : "unavailable", database }));
}

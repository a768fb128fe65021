// The yardstick: a bare node:http hello-world, run as its own process like the site.
import { createServer } from "node:http";
const port = Number(process.env.PORT ?? 3309);
createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/plain" });
  res.end("Hello, world!");
}).listen(port, "127.0.0.1", () => process.send?.("ready"));

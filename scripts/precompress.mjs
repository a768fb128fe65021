// After `react-router build`: writes a gzip (level 9) and a brotli copy beside each hashed asset, so the server
// sends the smallest encoding the browser accepts without compressing on every request
// (server/http/static-files.ts). Run by `npm run build`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ASSETS = "build/client/assets";
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
let files = 0;
for (const name of readdirSync(ASSETS)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const path = join(ASSETS, name);
  const body = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  );
  files++;
}
console.log(`precompressed ${files} assets (gzip, brotli)`);

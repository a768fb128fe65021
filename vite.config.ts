import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

type TModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const ROOT_MODULE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));
const ICONS_BARREL = fileURLToPath(new URL("./node_modules/lucide-react/dist/esm/lucide-react.mjs", import.meta.url));
const shellModulesOf = new WeakMap<TModuleGraph, Set<string>>();

/** The icon files a module takes from lucide-react's index, by the names it imports. */
function iconFilesImportedBy(file: string): string[] {
  const names = [...readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap((m) =>
    m[1].split(",").map((n) => n.trim().split(/\s+as\s+/)[0]),
  );
  const barrel = readFileSync(ICONS_BARREL, "utf8");
  return names.flatMap((name) => {
    const line = barrel.split("\n").find((l) => new RegExp(`default as ${name}\\b`).test(l));
    const icon = line?.match(/from '\.\/(icons\/[^']+)'/)?.[1];
    return icon ? [join(dirname(ICONS_BARREL), icon)] : [];
  });
}

/**
 * "shell" for a module root imports, directly or through others (static imports only), so what every page loads comes
 * in one file; null leaves a module to the default splitting. lucide-react's index imports every icon the site uses,
 * so icons count only when a shell module names them.
 */
function shellChunkName(id: string, graph: TModuleGraph): string | null {
  let shell = shellModulesOf.get(graph);
  if (!shell) {
    shell = new Set();
    const queue = [ROOT_MODULE];
    while (queue.length) {
      const next = queue.pop()!;
      const info = graph.getModuleInfo(next);
      if (!info || shell.has(next)) continue;
      shell.add(next);
      if (next === ICONS_BARREL) continue;
      queue.push(...info.importedIds);
      if (/\.tsx?$/.test(next) && !next.includes("node_modules")) queue.push(...iconFilesImportedBy(next));
    }
    shell.delete(ICONS_BARREL);
    shellModulesOf.set(graph, shell);
  }
  return shell.has(id) ? "shell" : null;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@server": fileURLToPath(new URL("./server", import.meta.url)),
      "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
    },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and React Router load on every page: one file instead of several small ones.
            {
              name: "framework",
              priority: 2,
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
            // What root imports loads on every page too: one file for it rather than a dozen small shared ones,
            // each a round trip on a phone's slow link before the page can start (docs/performance.md).
            ...(isSsrBuild ? [] : [{ name: shellChunkName, priority: 1 }]),
          ],
        },
      },
    },
  },
  // Server-side packages stay external so the server bundle shares them with server/main.ts.
  ssr: { external: ["@electric-sql/pglite", "pg", "better-auth", "nodemailer", "pino", "drizzle-orm", "prom-client", "@sentry/node"] },
}));

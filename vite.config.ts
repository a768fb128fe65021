import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
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
        // React, React DOM and React Router load on every page: one file instead of several small ones.
        codeSplitting: {
          groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ }],
        },
      },
    },
  },
  // Server-side packages stay external so the server bundle shares them with server/main.ts.
  ssr: { external: ["@electric-sql/pglite", "pg", "better-auth", "nodemailer", "pino", "drizzle-orm"] },
});

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // One access middleware in root enforces the route table for every loader and action.
  future: { v8_middleware: true },
} satisfies Config;

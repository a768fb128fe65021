// Loaded with `--import` before anything else (scripts/start.mjs, playwright.config.ts, bench/run.mjs): React Router's
// package sends Node to its development build in every environment (its exports name only dist/development:
// remix-run/react-router#12532, #14102), which costs a production server dev-only checks and warnings on every request.
// With NODE_ENV=production, this points Node at the production build the package ships beside it. The server refuses
// to start in production without it (server/main.ts).
import { register } from "node:module";

if (process.env.NODE_ENV === "production") register("./react-router-production-hooks.mjs", import.meta.url);

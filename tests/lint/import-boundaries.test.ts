import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The import boundaries of docs/decisions/0009-one-direction-for-imports.md, checked through the project's own
// ESLint config: each forbidden import below must fail `npm run lint`, each allowed one must pass.
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  it("server/ never imports app/ or React Router; the process entry may use React Router", async () => {
    expect(
      await boundaryErrors("server/orders/example.ts", 'import { ROUTE_TABLE } from "~/lib/route-table";\nexport const x = ROUTE_TABLE;\n'),
    ).toEqual([expect.stringContaining("server/ never imports app/")]);
    expect(
      await boundaryErrors("server/orders/example.ts", 'import { x } from "../../app/lib/toast";\nexport const y = x;\n'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("server/http/example.ts", 'import { redirect } from "react-router";\nexport const r = redirect;\n'),
    ).toEqual([expect.stringContaining("framework-free")]);
    // The HTTP server too: React Router is handed to it by the process entry (app/http/page-listener.server.ts).
    expect(
      await boundaryErrors(
        "server/http/site-server.ts",
        'import { createRequestListener } from "@react-router/node";\nexport const l = createRequestListener;\n',
      ),
    ).toEqual([expect.stringContaining("framework-free")]);
    expect(
      await boundaryErrors("server/main.ts", 'import type { ServerBuild } from "react-router";\nexport type B = ServerBuild;\n'),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "server/orders/example.ts",
        'import { canTransition } from "@domain/orders/order-status";\nexport const c = canTransition;\n',
      ),
    ).toEqual([]);
  });

  it("domain/ imports nothing of ours but domain/, and no React, database or Node built-ins", async () => {
    for (const source of [
      'import { getDb } from "@server/db/client";',
      'import { toast } from "~/lib/toast";',
      'import { getDb } from "../../server/db/client";',
      'import { useState } from "react";',
      'import { eq } from "drizzle-orm";',
      'import { createHash } from "node:crypto";',
    ]) {
      expect(await boundaryErrors("domain/orders/example.ts", `${source}\n`), source).toHaveLength(1);
    }
    expect(
      await boundaryErrors("domain/orders/example.ts", 'import { z } from "zod";\nimport { formatKobo } from "../money/money";\n'),
    ).toEqual([]);
  });

  it("browser code never imports server/ or *.server modules; adapters and route modules may", async () => {
    expect(await boundaryErrors("app/components/example.tsx", 'import { getDb } from "@server/db/client";\n')).toHaveLength(1);
    expect(await boundaryErrors("app/lib/example.ts", 'import { readForm } from "~/http/form.server";\n')).toHaveLength(1);
    expect(await boundaryErrors("app/http/example.server.ts", 'import { getDb } from "@server/db/client";\n')).toEqual([]);
    expect(await boundaryErrors("app/routes/example.tsx", 'import { getDb } from "@server/db/client";\n')).toEqual([]);
  });

  it("browser components never import zod or a *-input schema module; route modules may, for their actions", async () => {
    expect(await boundaryErrors("app/components/example.tsx", 'import { z } from "zod";\n')).toEqual([
      expect.stringContaining("No zod in the browser"),
    ]);
    expect(
      await boundaryErrors("app/components/example.tsx", 'import { ZContactMessage } from "@domain/content/content-input";\n'),
    ).toHaveLength(1);
    expect(await boundaryErrors("app/components/example.tsx", 'import { INVALID_EMAIL } from "@domain/content/public-forms";\n')).toEqual(
      [],
    );
    expect(await boundaryErrors("app/routes/example.tsx", 'import { ZContactMessage } from "@domain/content/content-input";\n')).toEqual(
      [],
    );
  });

  it("route modules read request bodies only through the one reader that refuses bad input", async () => {
    const [result] = await eslint.lintText(
      "export async function action({ request }: { request: Request }) {\n  return request.formData();\n}\n",
      { filePath: "app/routes/example.ts" },
    );
    expect(result!.messages.map((m) => m.message)).toEqual([expect.stringContaining("readForm, readFormData or readJson")]);
    const [reader] = await eslint.lintText(
      'import { readForm } from "~/http/request-input.server";\nexport async function action({ request }: { request: Request }) {\n  return readForm(request);\n}\n',
      { filePath: "app/routes/example.ts" },
    );
    expect(reader!.messages).toEqual([]);
  });
});

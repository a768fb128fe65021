import { data } from "react-router";
import type { Route } from "./+types/statement-pdf";
import { requireDriver } from "~/http/access.server";
import { renderStatementPdf } from "@server/zavcharge/statements/render-statement-pdf";
import { getStatement, statementFileNameFor } from "@server/zavcharge/statements/statement";

/** The signed-in driver's statement as PDF (docs/product/zavcharge.md#statement): their own account only. */
export async function loader({ context }: Route.LoaderArgs) {
  const driver = requireDriver(context);
  const statement = await getStatement(driver.id);
  if (!statement) throw data("Statement not found", { status: 404 });
  return new Response(Buffer.from(await renderStatementPdf(statement)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${statementFileNameFor(statement, "pdf")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

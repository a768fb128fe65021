import { data } from "react-router";
import type { Route } from "./+types/statement";
import { getInvestorStatement } from "@server/investments/get-investor-statement";
import { renderStatementPdf, statementCsv, statementFileName } from "@server/investments/render-investor-statement";
import { requireUser } from "~/http/access.server";
import { csvDownload } from "~/http/send-file.server";

/**
 * The signed-in investor's annual statement for a Lagos year (docs/product/investments.md#distributions), as a PDF
 * (the default) or CSV (?format=csv). Only their own: the statement is read for the viewer, never for an id in the
 * request. A year that is not four digits, out of range, or another format is "not found".
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const format = new URL(request.url).searchParams.get("format") ?? "pdf";
  if (!/^\d{4}$/.test(params.year) || (format !== "pdf" && format !== "csv")) throw data("Not found", { status: 404 });
  const found = await getInvestorStatement(viewer.id, Number(params.year));
  if (!found.ok) throw data(found.error.message, { status: found.error.status });
  const { statement } = found;
  if (format === "csv") return csvDownload(statementCsv(statement), statementFileName(statement.year, "csv"));
  const pdf = await renderStatementPdf(statement);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${statementFileName(statement.year, "pdf")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

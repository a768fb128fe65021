import { data } from "react-router";
import type { Route } from "./+types/statement-csv";
import { requireDriver } from "~/http/access.server";
import { csvDownload } from "~/http/send-file.server";
import { getStatement, statementCsv, statementFileNameFor } from "@server/zavcharge/statements/statement";

/** The signed-in driver's statement as CSV (docs/product/zavcharge.md#statement): their own account only. */
export async function loader({ context }: Route.LoaderArgs) {
  const driver = requireDriver(context);
  const statement = await getStatement(driver.id);
  if (!statement) throw data("Statement not found", { status: 404 });
  return csvDownload(statementCsv(statement), statementFileNameFor(statement, "csv"));
}

import { data } from "react-router";
import type { Route } from "./+types/agreement";
import { getInvestmentAgreement } from "@server/investments/get-investment-agreement";
import { renderInvestmentAgreementPdf } from "@server/investments/render-investment-agreement-pdf";
import { requireUser } from "~/http/access.server";

/** An investment agreement as a PDF, for its investor and staff; anyone else, or a reference that is not one, gets "not found". */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const found = await getInvestmentAgreement(viewer, params.reference);
  if (!found.ok) throw data(found.error.message, { status: found.error.status });
  const pdf = await renderInvestmentAgreementPdf(found.agreement);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="zavolah-investment-agreement-${found.agreement.reference}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

import type { Route } from "./+types/check-bank-account";
import { parseThen } from "@domain/errors/app-error";
import { ZBankAccount } from "@domain/marketplace/seller-application-input";
import { checkPayoutAccount } from "@server/marketplace/check-payout-account";
import { clientIp } from "@server/http/client-ip";
import { requireUser } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";

/** The applicant checks whose a payout account is before sending (docs/product/marketplace.md#payout-accounts). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  const result = await parseThen(ZBankAccount, fields, ["bankCode", "accountNumber"], (account) =>
    checkPayoutAccount(viewer.id, clientIp(request), account),
  );
  return actionResponse(request, fields, result, {
    done: (r) =>
      r.verified
        ? { type: "success", title: "Account found", description: r.accountName ?? "" }
        : { type: "info", title: "Type the account name", description: "We could not check the account with the bank just now." },
    failedTitle: "Account not found",
    back: "/marketplace/become-seller",
    answer: (r) => ({ accountName: r.accountName, verified: r.verified }),
  });
}

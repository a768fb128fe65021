import type { TResult } from "@domain/errors/app-error";
import { bankName, maskAccountNumber } from "@domain/nigeria/banks";
import { formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";

// What the application pages (to sell, to invest) tell of an application, and how they answer one sent.

type TSentApplication<TStatus> = {
  status: TStatus;
  reviewNote: string | null;
  submittedAt: Date;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  accountVerified: boolean;
};

/** What the status card shows of the latest application, with the payout account masked. */
export function applicationStanding<TStatus extends string>(application: TSentApplication<TStatus>) {
  return {
    status: application.status,
    reviewNote: application.reviewNote,
    submittedAt: application.submittedAt.toISOString(),
    bank: `${bankName(application.bankCode) ?? application.bankCode}, ${maskAccountNumber(application.accountNumber)}`,
    accountName: application.accountName,
    accountVerified: application.accountVerified,
  };
}

/** The page again with what was typed and the messages, or back to it with "Application sent" and what happens next. */
export function answerApplication(result: TResult<{ resubmitted: boolean }>, fields: Record<string, string>, page: string, next: string) {
  if (!result.ok) return formRefusal(result, fields);
  return redirectWithFlash(page, {
    type: "success",
    title: result.resubmitted ? "Application sent again" : "Application sent",
    description: next,
  });
}

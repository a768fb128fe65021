import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/certificates";
import { FormError, SearchField, TextareaField } from "~/components/ui/field";
import { BackLink, StaffList, StaffFilterForm } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { CERTIFICATES_PAGE_SIZE, certificatePdfPath, REVOKE_REASON_MAX, REVOKE_REASON_MIN, verifyPath } from "@domain/academy/certificates";
import { ZCertificateFilters, ZRevokeCertificate, type TCertificateFilters } from "@domain/academy/certificate-input";
import { parseThen } from "@domain/errors/app-error";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { actionResponse } from "~/http/action-response.server";
import { requireRole } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";
import { listCertificates } from "@server/academy/list-certificates";
import { revokeCertificate } from "@server/academy/revoke-certificate";
import { filteredListLoader } from "~/http/filtered-list.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/academy/certificates", args);

export const loader = filteredListLoader("admin", ZCertificateFilters, listCertificates);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const result = await parseThen(ZRevokeCertificate, fields, ["reason"], (input) => revokeCertificate(admin, input));
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: "Certificate revoked",
      description: `${r.code} now shows as revoked to anyone who checks it.`,
    }),
    failedTitle: "Not revoked",
  });
}

type TRow = Route.ComponentProps["loaderData"]["rows"][number];

type TRevokeFetcher = ReturnType<typeof useFetcher<TActionAnswer>>;
type TAnswerState = ReturnType<typeof useActionToast>;

function RevokeForm({ row, hydrated, fetcher, state }: { row: TRow; hydrated: boolean; fetcher: TRevokeFetcher; state: TAnswerState }) {
  const { busy, formError, fieldError } = state;
  return (
    <fetcher.Form
      method="post"
      action="/staff/academy/certificates"
      className="mt-4 space-y-3 border-t border-line pt-4"
      noValidate
      onSubmit={(e) => !confirm(`Revoke certificate ${row.code} of ${row.studentName}? It cannot be undone.`) && e.preventDefault()}
    >
      <input type="hidden" name="_js" value={hydrated ? "1" : "0"} />
      <input type="hidden" name="certificateId" value={row.id} />
      <FormError message={formError} />
      <TextareaField
        label="Reason for revoking"
        name="reason"
        rows={2}
        required
        minLength={REVOKE_REASON_MIN}
        maxLength={REVOKE_REASON_MAX}
        hint="Shown on the public verification page and sent to the student."
        error={fieldError("reason")}
      />
      <button type="submit" className={buttonClass.danger} disabled={busy}>
        Revoke certificate
      </button>
    </fetcher.Form>
  );
}

function CertificateRow({ row, hydrated }: { row: TRow; hydrated: boolean }) {
  // The row keeps the fetcher: once revoked the form goes away, and the success toast must still show.
  const fetcher = useFetcher<TActionAnswer>();
  const state = useActionToast(fetcher);
  return (
    <li className={cardClass} data-testid="certificate-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-sm font-semibold">{row.code}</p>
        {row.revokedAt ? (
          <span className="rounded-full bg-danger/10 px-2.5 py-0.5 text-xs font-semibold text-danger">
            Revoked {formatLagosDate(row.revokedAt)}
          </span>
        ) : (
          <span className="rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-semibold text-brand">Valid</span>
        )}
      </div>
      <h2 className="mt-2 text-lg font-semibold">
        {row.studentName}: {row.courseTitle}
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">Grade</dt>
        <dd>
          {row.grade} ({row.scorePct}%)
        </dd>
        <dt className="text-muted">Issued</dt>
        <dd>{formatLagosDateTime(row.issuedAt)}</dd>
        {row.revokedReason ? (
          <>
            <dt className="text-muted">Reason revoked</dt>
            <dd className="break-words">{row.revokedReason}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        <Link to={verifyPath(row.code)} className="text-brand underline">
          Public page
        </Link>
        {row.revokedAt ? null : (
          <a href={certificatePdfPath(row.code)} className="text-brand underline">
            PDF
          </a>
        )}
      </p>
      {row.revokedAt ? null : <RevokeForm row={row} hydrated={hydrated} fetcher={fetcher} state={state} />}
    </li>
  );
}

function pageLink(filters: TCertificateFilters, page: number) {
  const q = new URLSearchParams();
  if (filters.q) q.set("q", filters.q);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `/staff/academy/certificates?${s}` : "/staff/academy/certificates";
}

export default function StaffCertificates({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, page, pageCount } = loaderData;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/academy">Academy</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Certificates</h1>
        <p className="mt-1 text-muted">
          Every certificate the academy has issued, newest first. Revoke one only for a real reason, such as copied work: the student is
          told, and anyone who checks the code sees it was revoked.
        </p>
      </header>

      <StaffFilterForm label="Find certificates" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField className="grow" label="Find a certificate" value={filters.q} placeholder="Code, student's name or course" />
        <button type="submit" className={buttonClass.primary}>
          Search
        </button>
      </StaffFilterForm>

      <StaffList
        count={{
          total,
          pageSize: CERTIFICATES_PAGE_SIZE,
          shown: rows.length,
          noun: "certificate",
          none: "No certificates match.",
          testId: "certificates-count",
        }}
        empty={{
          filtered: !!filters.q,
          clearTo: "/staff/academy/certificates",
          text: "Certificates appear here as students complete their courses.",
        }}
        pages={{ page: page, pageCount: pageCount, hrefFor: (p) => pageLink(filters, p) }}
      >
        <ul className="space-y-4" aria-label="Certificates">
          {rows.map((row) => (
            <CertificateRow key={row.id} row={row} hydrated={hydrated} />
          ))}
        </ul>
      </StaffList>
    </div>
  );
}

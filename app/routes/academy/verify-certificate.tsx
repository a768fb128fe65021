import { BadgeCheck, CircleAlert, CircleX } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/verify-certificate";
import { VerifyCodeForm } from "~/components/academy/verify-code-form";
import { cardClass } from "~/components/ui/styles";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { verifyCertificate } from "@server/academy/find-certificate";
import { clientIp } from "@server/http/client-ip";

export const meta: Route.MetaFunction = (args) => metaFor("/verify/:code", args);

/** The public check of a certificate (docs/product/academy.md#certificates): valid, revoked, or no such code (404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const result = await verifyCertificate(params.code, { ip: clientIp(request) });
  if (result.ok) return { found: true as const, certificate: result.certificate };
  const busy = result.error.code === "rate_limited";
  return data(
    { found: false as const, busy, typed: params.code.slice(0, 40), message: result.error.message },
    { status: result.error.status },
  );
}

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-12">
        <div className={cardClass}>
          <CircleAlert className="h-10 w-10 text-danger" aria-hidden />
          <h1 className="mt-3 text-2xl font-bold">{loaderData.busy ? "Please wait a moment" : loaderData.message}</h1>
          {loaderData.busy ? (
            <p className="mt-2 text-muted">{loaderData.message}</p>
          ) : (
            <p className="mt-2 text-muted">
              We could not find a Zavolah Academy certificate with the code <span className="font-mono break-all">{loaderData.typed}</span>.
              Check the code printed at the bottom of the certificate and try again.
            </p>
          )}
          <div className="mt-6">
            <VerifyCodeForm />
          </div>
        </div>
      </section>
    );
  }
  const c = loaderData.certificate;
  const revoked = c.revokedAt !== null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <div className={cardClass} data-testid="certificate-check">
        {revoked ? (
          <>
            <CircleX className="h-10 w-10 text-danger" aria-hidden />
            <h1 className="mt-3 text-2xl font-bold text-danger">This certificate was revoked on {formatLagosDateLong(c.revokedAt!)}</h1>
            {c.revokedReason ? <p className="mt-2">Reason: {c.revokedReason}</p> : null}
            <p className="mt-2 text-muted">It is no longer a valid Zavolah Academy certificate. What it said:</p>
          </>
        ) : (
          <>
            <BadgeCheck className="h-10 w-10 text-brand" aria-hidden />
            <h1 className="mt-3 text-2xl font-bold">Verified certificate</h1>
            <p className="mt-2 text-muted">This certificate was issued by Zavolah Academy and is valid.</p>
          </>
        )}
        <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm text-muted">Awarded to</dt>
          {c.nameRemovedAt ? (
            <dd data-testid="certificate-name-removed">
              The holder asked us to delete their personal data, so we no longer keep their name. The course, date and grade are as issued.
            </dd>
          ) : (
            <dd className="text-lg font-semibold">{c.studentName}</dd>
          )}
          <dt className="text-sm text-muted">Course</dt>
          <dd>
            <Link to={`/academy/${c.courseSlug}`} className="font-medium text-brand underline">
              {c.courseTitle}
            </Link>
          </dd>
          <dt className="text-sm text-muted">Completed on</dt>
          <dd>{formatLagosDateLong(c.issuedAt)}</dd>
          <dt className="text-sm text-muted">Grade</dt>
          <dd>
            {c.grade} ({c.scorePct}%)
          </dd>
          <dt className="text-sm text-muted">Issued by</dt>
          <dd>Zavolah Academy</dd>
          <dt className="text-sm text-muted">Code</dt>
          <dd className="font-mono">{c.code}</dd>
        </dl>
      </div>
      <p className="mt-6 text-sm text-muted">
        <Link to="/verify" className="text-brand underline">
          Check another certificate
        </Link>
      </p>
    </section>
  );
}

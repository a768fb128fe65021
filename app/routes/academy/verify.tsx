import { redirect } from "react-router";
import type { Route } from "./+types/verify";
import { VerifyCodeForm } from "~/components/academy/verify-code-form";
import { PageHeader } from "~/components/ui/page-header";
import { normaliseCertificateCode, verifyPath } from "@domain/academy/certificates";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/verify", args);

/** ?code= from the form goes to the certificate's own address, in its printed form when it is one. */
export async function loader({ request }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get("code")?.trim();
  if (typed) return redirect(verifyPath(encodeURIComponent(normaliseCertificateCode(typed) ?? typed.slice(0, 40))));
  return null;
}

export default function Verify() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <PageHeader eyebrow="Zavolah Academy" title="Verify a certificate" introClassName="mt-3 text-muted">
        Every Zavolah Academy certificate carries a 12-character code, printed at the bottom of the certificate beside its QR code. Type it
        here to see who earned it, for which course and when.
      </PageHeader>
      <div className="mt-8 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <VerifyCodeForm />
      </div>
    </section>
  );
}

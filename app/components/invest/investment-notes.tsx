import { ShieldAlert } from "lucide-react";
import { PROJECTION_NOTE } from "@domain/investments/disclosures";

// What every investment page says about projections and who offers the investment (docs/product/investments.md#registration).

/** The note that stands beside every projected return. */
export function ProjectionNote({ className = "" }: { className?: string }) {
  return (
    <p className={`flex items-start gap-2 rounded-lg bg-surface-2 p-3 text-sm text-muted ${className}`} data-testid="projection-note">
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden />
      <span>{PROJECTION_NOTE}</span>
    </p>
  );
}

/** The company's registration details, an admin setting. */
export function RegistrationNote({ text }: { text: string }) {
  return (
    <p className="border-t border-line pt-4 text-xs text-muted" data-testid="registration-note">
      {text}
    </p>
  );
}

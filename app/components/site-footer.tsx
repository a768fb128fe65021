import { ChevronDown, Mail, MapPin, Phone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { OFFICES, SOCIAL_LINKS } from "@domain/company/company";
import { useRootData } from "~/root";
import { NewsletterForm } from "./newsletter-form";
import { CompanyPhoneLink } from "./ui/company-phone-link";
import { Logo } from "./ui/logo";

const EMAILS = {
  general: "hello@zavolah.ng",
  sales: "sales@zavolah.ng",
  careers: "careers@zavolah.ng",
  academy: "academy@zavolah.ng",
  support: "support@zavolah.ng",
};

const PAYMENTS = ["Visa", "Mastercard", "Verve", "Bank transfer", "Pay on delivery"];

/** The general address opens a menu of the others: hover (and focus) from 768 px, tap below it (docs/product/site-shell.md#footer). */
function EmailMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("click", close);
    return () => document.removeEventListener("click", close);
  }, [open]);
  return (
    <div ref={ref} className="group relative inline-block">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="footer-email-menu"
        onClick={() => {
          if (window.matchMedia("(max-width: 767px)").matches) setOpen((o) => !o);
        }}
        className="inline-flex min-h-11 items-center gap-2 text-sm text-fg hover:text-brand"
      >
        <Mail className="h-4 w-4" aria-hidden /> {EMAILS.general} <ChevronDown className="h-4 w-4" aria-hidden />
      </button>
      <ul
        id="footer-email-menu"
        className={`${open ? "block" : "hidden"} absolute bottom-full left-0 z-10 mb-1 w-64 rounded-xl border border-line bg-surface p-2 shadow-lg md:group-focus-within:block md:group-hover:block`}
      >
        {[
          ["Sales", EMAILS.sales],
          ["Careers", EMAILS.careers],
          ["Academy", EMAILS.academy],
        ].map(([label, address]) => (
          <li key={address}>
            <a href={`mailto:${address}`} className="block rounded-lg px-3 py-2 text-sm hover:bg-surface-2">
              <span className="block text-xs text-muted">{label}</span>
              {address}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const root = useRootData();
  const site = root?.site;
  const quick = [
    site?.showMarketplace && { to: "/marketplace", label: "Marketplace" },
    site?.showStaffAccess && { to: "/staff", label: "Staff Access" },
    site?.zavCharge && { to: "/zavcharge-product", label: "ZavCharge Product" },
    site?.zavCharge && { to: "/zavcharge", label: "ZavCharge Network" },
    site?.referEarn && { to: "/refer-earn", label: "Refer & Earn" },
  ].filter(Boolean) as { to: string; label: string }[];

  return (
    <footer className="mt-16 border-t border-line bg-surface text-fg">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo className="h-9 w-auto" />
          <p className="mt-3 text-sm text-muted">
            Good design, smart furniture and self-owned 24/7 solar power. Powering Nigeria's Future.
          </p>
          <p className="mt-4 flex items-center gap-2 text-sm">
            <Phone className="h-4 w-4" aria-hidden />
            <CompanyPhoneLink />
          </p>
          <div className="mt-1">
            <EmailMenu />
          </div>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">Our offices</h2>
          <ul className="mt-3 space-y-3">
            {OFFICES.map((o) => (
              <li key={o.city} className="flex gap-2 text-sm">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
                <span>
                  <span className="font-semibold">{o.city}</span>
                  <br />
                  <span className="text-muted">{o.address}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">Quick links</h2>
          <ul className="mt-3 space-y-1">
            {[
              { to: "/store", label: "Store" },
              { to: "/academy", label: "Academy" },
              { to: "/services", label: "Services" },
              ...quick,
              { to: "/blog", label: "Blog" },
              { to: "/contact", label: "Contact us" },
            ].map((l) => (
              <li key={l.to}>
                <Link to={l.to} prefetch="intent" className="inline-block py-1.5 text-sm hover:text-brand">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">Newsletter</h2>
          <NewsletterForm />
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-muted">Follow us</h2>
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1" aria-label="Zavolah on social media">
            {SOCIAL_LINKS.map(([name, href]) => (
              <li key={name}>
                <a href={href} rel="noopener noreferrer" target="_blank" className="inline-block py-1 text-sm hover:text-brand">
                  {name}
                </a>
              </li>
            ))}
          </ul>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-muted">We accept</h2>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Accepted payment methods">
            {PAYMENTS.map((p) => (
              <li key={p} className="rounded-md border border-line bg-surface-2 px-2.5 py-1 text-xs font-semibold">
                {p}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Zavolah Ltd. All rights reserved.</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              <li>
                <Link to="/about" prefetch="intent" className="inline-block py-1 hover:text-brand">
                  About
                </Link>
              </li>
              <li>
                <Link to="/privacy-policy" prefetch="intent" className="inline-block py-1 hover:text-brand">
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to="/terms-of-service" prefetch="intent" className="inline-block py-1 hover:text-brand">
                  Terms of Service
                </Link>
              </li>
              <li>
                <a href={`mailto:${EMAILS.support}`} className="inline-block py-1 hover:text-brand">
                  {EMAILS.support}
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}

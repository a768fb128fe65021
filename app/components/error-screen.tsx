import { useEffect } from "react";
import { reportBrowserError } from "~/lib/report-browser-error";
import { buttonClass, cardClass } from "./ui/styles";

/**
 * "Application Error" with reload and clear-and-reload (docs/product/site-shell.md#error-pages). For a failure on our
 * side it shows the request's reference, the id on the server's log line, that a customer can read out to support.
 */
export function ErrorScreen({
  title,
  message,
  error,
  reference,
}: {
  title: string;
  message?: string;
  error?: unknown;
  reference?: string;
}) {
  useEffect(() => {
    if (!error) return;
    console.error(reference ? `Error reference ${reference}` : "Error", error);
    reportBrowserError("page", error, reference ?? null);
  }, [error, reference]);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <div className={cardClass}>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-3 text-muted">{message ?? "Something went wrong."}</p>
        {reference ? (
          <p className="mt-2 text-sm text-muted">
            Reference: <span className="font-mono">{reference}</span>
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button type="button" className={buttonClass.primary} onClick={() => window.location.reload()}>
            Reload page
          </button>
          <a
            href="/"
            className={buttonClass.outline}
            onClick={(e) => {
              e.preventDefault();
              try {
                sessionStorage.clear();
              } catch {
                // storage blocked by the browser: nothing to clear
              }
              window.location.assign("/");
            }}
          >
            Clear error and reload
          </a>
        </div>
      </div>
    </section>
  );
}

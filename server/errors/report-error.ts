import { onErrorLogged, type TLoggedError } from "../log";
import { countErrorReport } from "../metrics/registry";
import { processGlobal } from "../process-global";
import { describeThrown, scrubbedReport, type TErrorReport } from "./error-report";
import { noteErrorGroup, startErrorGroupWriter } from "./record-error-groups";
import { flushSentry, sendToSentry, startSentry } from "./sentry";

// Where the site's errors go (docs/operations.md#error-reports): every error logged at the error level on the server
// (a page's loader failing, a job, a provider's refusal) and every report from a visitor's browser, scrubbed, to the
// error-reporting service when SENTRY_DSN is set, else to the site's own error list (/admin/errors).

// One a process (server/process-global.ts): the pages' bundle reports through what server/main.ts started.
const reporting = processGlobal("error-reporting", () => ({ destination: null as "service" | "list" | null }));

/** Reports one error; before reporting is started (a test, a script), nothing. */
export function reportError(report: TErrorReport, thrown?: unknown): void {
  const { destination } = reporting;
  if (!destination) return;
  const scrubbed = scrubbedReport(report);
  if (destination === "service") {
    if (!sendToSentry(scrubbed, thrown)) countErrorReport(scrubbed.source, "dropped");
    return;
  }
  noteErrorGroup(scrubbed);
}

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** A logged error as a report: the error it carried (`err`), or the line itself when it carried none. */
export function reportOfLogged({ fields, message }: TLoggedError): { report: TErrorReport; thrown: unknown } {
  const thrown = fields.err ?? fields.error;
  return {
    report: {
      source: "server",
      ...describeThrown(thrown, message ?? "An error was logged"),
      requestId: text(fields.requestId),
      path: text(fields.path),
    },
    thrown,
  };
}

/** Starts reporting for this process; the returned function sends or writes what waits, at shutdown. */
export async function startErrorReporting(options: { dsn: string | undefined; release: string; environment: string }) {
  let stopList: (() => Promise<void>) | null = null;
  if (options.dsn) {
    await startSentry({ dsn: options.dsn, release: options.release, environment: options.environment });
    reporting.destination = "service";
  } else {
    stopList = startErrorGroupWriter();
    reporting.destination = "list";
  }
  onErrorLogged((logged) => {
    const { report, thrown } = reportOfLogged(logged);
    reportError(report, thrown);
  });
  return async () => {
    onErrorLogged(null);
    await (stopList ? stopList() : flushSentry());
    reporting.destination = null;
  };
}

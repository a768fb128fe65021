import { and, desc, eq, gte, lt } from "drizzle-orm";
import { csvDocument, csvLine } from "@domain/files/csv";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate, formatLagosTime, formatLagosTimestamp, lagosDayStart, lagosToday } from "@domain/time/lagos-time";
import { formatDuration, formatEnergy, SESSION_STATUS_LABELS, type TSessionStatus } from "@domain/zavcharge/sessions/session-rules";
import { statementFileName } from "@domain/zavcharge/statements/statement-file";
import { getDb } from "../../db/client";
import { zavchargeAccounts } from "../accounts/schema";
import { chargingStations } from "../network/schema";
import { chargingSessions } from "../sessions/schema";

// The driver's statement (docs/product/zavcharge.md#statement): one row per session in Lagos time, then the
// totals. The same figures feed the history page, the CSV and the PDF.

export type TStatementRow = {
  sessionId: number;
  startedAt: Date;
  /** "2026-11-23" (Lagos), sortable in a spreadsheet. */
  isoDate: string;
  /** "23 Nov 2026" (Lagos). */
  date: string;
  /** "14:05" (Lagos). */
  time: string;
  station: string;
  slot: number;
  energyWh: number | null;
  energy: string;
  duration: string;
  costKobo: number | null;
  cost: string;
  unpaidKobo: number;
  status: string;
};

export type TStatement = {
  /** The Lagos month it covers ("2026-11"), or null for the whole history. */
  month: string | null;
  accountCode: string;
  accountName: string;
  rows: TStatementRow[];
  totals: { sessions: number; amountSpentKobo: number; balanceKobo: number; generatedAt: Date };
};

const SESSION_LIMIT = 5000;

/** The instants a Lagos month ("2026-11") starts and ends. */
function lagosMonth(month: string): { from: Date; to: Date } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: lagosDayStart(`${month}-01`), to: lagosDayStart(`${next}-01`) };
}

/**
 * One account's statement, read in one repeatable-read transaction so the rows, the amount spent and the
 * balance agree even while a session stops. Only this account's sessions: callers pass the account the guard found.
 * With `month` ("2026-11"), only the sessions started in that Lagos month, and the amount spent on them; the balance
 * is the balance now (docs/product/api-gateway.md#zavcharge).
 */
export async function getStatement(accountId: number, now = new Date(), month: string | null = null): Promise<TStatement | null> {
  const within = month ? lagosMonth(month) : null;
  return getDb().transaction(
    async (tx) => {
      const [account] = await tx
        .select({ code: zavchargeAccounts.code, name: zavchargeAccounts.name, balanceKobo: zavchargeAccounts.balanceKobo })
        .from(zavchargeAccounts)
        .where(eq(zavchargeAccounts.id, accountId));
      if (!account) return null;
      const sessions = await tx
        .select({ session: chargingSessions, stationName: chargingStations.name })
        .from(chargingSessions)
        .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId))
        .where(
          and(
            eq(chargingSessions.accountId, accountId),
            within ? gte(chargingSessions.startedAt, within.from) : undefined,
            within ? lt(chargingSessions.startedAt, within.to) : undefined,
          ),
        )
        .orderBy(desc(chargingSessions.startedAt), desc(chargingSessions.id))
        .limit(SESSION_LIMIT);
      const rows = sessions.map(({ session: s, stationName }): TStatementRow => {
        const running = s.status === "active";
        return {
          sessionId: s.id,
          startedAt: s.startedAt,
          isoDate: lagosToday(s.startedAt),
          date: formatLagosDate(s.startedAt),
          time: formatLagosTime(s.startedAt),
          station: stationName,
          slot: s.slotNumber,
          energyWh: s.energyWh,
          energy: s.energyWh === null ? "-" : formatEnergy(s.energyWh),
          duration: formatDuration((s.stoppedAt ?? now).getTime() - s.startedAt.getTime()),
          costKobo: s.costKobo,
          cost: running || s.costKobo === null ? "-" : formatKobo(s.costKobo),
          unpaidKobo: s.unpaidKobo,
          status: SESSION_STATUS_LABELS[s.status as TSessionStatus] ?? s.status,
        };
      });
      return {
        month,
        accountCode: account.code,
        accountName: account.name ?? "",
        rows,
        totals: {
          sessions: rows.length,
          amountSpentKobo: rows.reduce((sum, r) => sum + (r.costKobo ?? 0), 0),
          balanceKobo: account.balanceKobo,
          generatedAt: now,
        },
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export const STATEMENT_COLUMNS = ["Date", "Time", "Station", "Slot", "Energy", "Duration", "Cost", "Status"] as const;

/** The statement as CSV: a byte-order mark (so spreadsheets read ₦ as UTF-8), the rows, a blank line, the totals. */
export function statementCsv(statement: TStatement): string {
  const lines = [csvLine([...STATEMENT_COLUMNS])];
  for (const r of statement.rows) lines.push(csvLine([r.isoDate, r.time, r.station, r.slot, r.energy, r.duration, r.cost, r.status]));
  const t = statement.totals;
  lines.push("");
  lines.push(csvLine(["Sessions", t.sessions]));
  lines.push(csvLine(["Amount spent", formatKobo(t.amountSpentKobo)]));
  lines.push(csvLine(["Balance", formatKobo(t.balanceKobo)]));
  lines.push(csvLine(["Generated at", formatLagosTimestamp(t.generatedAt)]));
  return csvDocument(lines);
}

/** `zavcharge-statement-<id>-<yyyy-mm-dd>.csv` (or .pdf), dated in Lagos. */
export function statementFileNameFor(statement: TStatement, ext: "csv" | "pdf"): string {
  return statementFileName(statement.accountCode, lagosToday(statement.totals.generatedAt), ext);
}

import { Button, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { bodyText } from "./layout";
import { LINE, MUTED, ORANGE } from "./theme";

// The pieces templates are made of. Text is passed as children, so React escapes whatever a user typed.

export function P({ children }: { children: ReactNode }) {
  return <Text style={bodyText}>{children}</Text>;
}

/** "Label: value" lines, one per row, in HTML and in the plain text alike (sales and tests read these). */
export function Details({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Text style={bodyText}>
      {rows.map(([label, value], i) => (
        <span key={label}>
          {i > 0 ? <br /> : null}
          <strong>{label}:</strong> {value}
        </span>
      ))}
    </Text>
  );
}

/** A message someone wrote, kept with its line breaks (as <br>, which the plain text keeps too). */
export function Quote({ children }: { children: string }) {
  const lines = children.split(/\r?\n/);
  return (
    <Text style={{ ...bodyText, borderLeft: `4px solid ${LINE}`, paddingLeft: "12px", color: MUTED }}>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </Text>
  );
}

export type TSummaryRow = { label: string; value: string; bold?: boolean };

/** A two-column money summary (order lines, totals); the plain text keeps each row on one line. */
export function SummaryTable({ rows }: { rows: TSummaryRow[] }) {
  const cell = { padding: "6px 0", borderBottom: `1px solid ${LINE}`, fontSize: "15px", color: "#1f2937" } as const;
  return (
    <table
      className="data"
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ margin: "0 0 16px", borderCollapse: "collapse" }}
    >
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            <td style={{ ...cell, fontWeight: r.bold ? "bold" : "normal" }}>{r.label}</td>
            <td align="right" style={{ ...cell, whiteSpace: "nowrap", fontWeight: r.bold ? "bold" : "normal" }}>
              {r.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The orange call to action, with the address spelled out for clients that break buttons. */
export function Action({ label, url }: { label: string; url: string }) {
  return (
    <>
      <Section style={{ margin: "24px 0" }}>
        <Button
          href={url}
          style={{
            backgroundColor: ORANGE,
            color: "#ffffff",
            padding: "12px 24px",
            borderRadius: "6px",
            fontWeight: "bold",
            fontSize: "16px",
          }}
        >
          {label}
        </Button>
      </Section>
      <Text data-skip-in-text="true" style={{ margin: "0 0 16px", fontSize: "13px", lineHeight: "1.5", color: MUTED }}>
        If the button does not work, copy this link into your browser:
        <br />
        <span style={{ wordBreak: "break-all" }}>{url}</span>
      </Text>
    </>
  );
}

export function Footnote({ children }: { children: ReactNode }) {
  return <Text style={{ margin: "0", fontSize: "13px", lineHeight: "1.5", color: MUTED }}>{children}</Text>;
}

import { Fragment } from "react";
import { parseMarkdown, type TInline } from "@domain/content/markdown";

// Course and lesson text: the Markdown subset of domain/content/markdown.ts rendered as React text (never as HTML).

function Inline({ parts }: { parts: TInline[] }) {
  return (
    <>
      {parts.map((p, i) => {
        if (p.kind === "strong") return <strong key={i}>{p.text}</strong>;
        if (p.kind === "em") return <em key={i}>{p.text}</em>;
        if (p.kind === "code")
          return (
            <code key={i} className="rounded bg-surface-2 px-1 text-sm">
              {p.text}
            </code>
          );
        if (p.kind === "link")
          return (
            <a
              key={i}
              href={p.href}
              className="font-semibold text-accent underline"
              rel={p.href.startsWith("/") ? undefined : "noopener noreferrer"}
            >
              {p.text}
            </a>
          );
        return <Fragment key={i}>{p.text}</Fragment>;
      })}
    </>
  );
}

export function MarkdownText({ source, className = "" }: { source: string; className?: string }) {
  return (
    <div className={`space-y-4 leading-relaxed ${className}`}>
      {parseMarkdown(source).map((b, i) => {
        if (b.kind === "h2")
          return (
            <h2 key={i} className="pt-2 text-xl font-bold">
              <Inline parts={b.content} />
            </h2>
          );
        if (b.kind === "h3")
          return (
            <h3 key={i} className="pt-1 text-lg font-semibold">
              <Inline parts={b.content} />
            </h3>
          );
        if (b.kind === "p")
          return (
            <p key={i}>
              <Inline parts={b.content} />
            </p>
          );
        if (b.kind !== "ul" && b.kind !== "ol") return null;
        const List = b.kind;
        return (
          <List key={i} className={`space-y-1 pl-6 ${b.kind === "ul" ? "list-disc" : "list-decimal"}`}>
            {b.items.map((item, j) => (
              <li key={j}>
                <Inline parts={item} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}

import { Body, Container, Head, Heading, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { COMPANY, OFFICES, SOCIAL_LINKS } from "@domain/company/company";
import { publicUrl } from "../../env";
import { EMAIL_WIDTH, FONT, FOOTER, GREEN, INK, PAGE, TAGLINE } from "./theme";

export type TLayoutProps = {
  /** The inbox preview line (hidden in the message itself). */
  preview: string;
  heading?: string;
  /** Marketing mail only: a visible one-click unsubscribe link (NDPA 2023). Its presence is what makes it marketing. */
  unsubscribeUrl?: string;
  /** Why the person gets this marketing e-mail, before the unsubscribe link. */
  unsubscribeNote?: string;
  /** A campaign's own logo instead of the Zavolah mark. */
  logoUrl?: string;
  /** Social links in the footer (campaigns). */
  social?: boolean;
  siteUrl?: string;
  children: ReactNode;
};

const footerText = { margin: "0 0 8px", fontSize: "12px", lineHeight: "1.5", color: "#d1d5db" } as const;
const footerLink = { color: "#ffffff", textDecoration: "underline" } as const;

/** The brand frame of every e-mail: 600 px, green header with the mark, white body, dark footer with the tagline. */
export function EmailLayout({
  preview,
  heading,
  unsubscribeUrl,
  unsubscribeNote = "You are receiving this because you subscribed to Zavolah updates.",
  logoUrl,
  social,
  siteUrl = publicUrl(),
  children,
}: TLayoutProps) {
  const lagos = OFFICES.find((o) => o.city === "Lagos") ?? OFFICES[0]!;
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: "24px 8px", backgroundColor: PAGE, fontFamily: FONT }}>
        <Container
          width={EMAIL_WIDTH}
          style={{ maxWidth: `${EMAIL_WIDTH}px`, width: "100%", backgroundColor: "#ffffff", borderRadius: "8px", overflow: "hidden" }}
        >
          <Section style={{ backgroundColor: GREEN, padding: "18px 24px" }}>
            {logoUrl ? (
              <Img src={logoUrl} alt={COMPANY.name} height="40" style={{ maxHeight: "40px", width: "auto" }} />
            ) : (
              <Link
                href={siteUrl}
                data-skip-in-text="true"
                style={{ color: "#ffffff", textDecoration: "none", fontSize: "24px", fontWeight: "bold", letterSpacing: "0.5px" }}
              >
                <Img
                  src={`${siteUrl}/images/icon-192.png`}
                  alt=""
                  width="32"
                  height="32"
                  style={{ display: "inline-block", verticalAlign: "middle", borderRadius: "6px", marginRight: "10px" }}
                />
                <span style={{ verticalAlign: "middle" }}>{COMPANY.name}</span>
              </Link>
            )}
          </Section>
          <Section style={{ padding: "24px" }}>
            {heading ? (
              <Heading as="h1" style={{ margin: "0 0 16px", fontSize: "22px", lineHeight: "1.3", color: "#111827" }}>
                {heading}
              </Heading>
            ) : null}
            {children}
          </Section>
          <Section style={{ backgroundColor: FOOTER, padding: "18px 24px" }}>
            <Text style={{ ...footerText, color: "#ffffff", fontWeight: "bold", fontSize: "14px" }}>{TAGLINE}</Text>
            <Text style={footerText}>
              {COMPANY.legalName} · {lagos.address} · {COMPANY.phone} · Osogbo · Ibadan · Lagos
            </Text>
            {social ? (
              <Text style={footerText}>
                {SOCIAL_LINKS.map(([name, href], i) => (
                  <span key={name}>
                    {i > 0 ? " · " : ""}
                    <Link href={href} style={footerLink}>
                      {name}
                    </Link>
                  </span>
                ))}
              </Text>
            ) : null}
            <Text style={{ ...footerText, margin: 0 }}>
              <Link href={`${siteUrl}/privacy-policy`} style={footerLink}>
                Privacy policy
              </Link>
            </Text>
            {unsubscribeUrl ? (
              <Text style={{ ...footerText, margin: "12px 0 0" }}>
                {unsubscribeNote}{" "}
                <Link href={unsubscribeUrl} style={{ ...footerLink, fontWeight: "bold" }}>
                  Unsubscribe
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const bodyText = { margin: "0 0 16px", fontSize: "16px", lineHeight: "1.5", color: INK } as const;

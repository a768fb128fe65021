import { Download, ExternalLink, MessageCircle, Share2 } from "lucide-react";
import { buttonClass } from "~/components/ui/styles";
import { certificatePdfPath, linkedInShareUrl, verifyPath, whatsAppShareUrl } from "@domain/academy/certificates";

/**
 * What a student can do with an issued certificate (docs/product/academy.md#certificates): download the PDF,
 * open its public page, and share that page on LinkedIn or WhatsApp. Plain links, so it works without JavaScript.
 */
export function CertificateActions({ code, courseTitle, verifyUrl }: { code: string; courseTitle: string; verifyUrl: string }) {
  const share = "noopener noreferrer";
  return (
    <div className="flex flex-wrap gap-2" aria-label={`Certificate for ${courseTitle}`} role="group">
      <a href={certificatePdfPath(code)} className={buttonClass.primary} download>
        <Download className="h-4 w-4" aria-hidden />
        Download PDF
      </a>
      <a href={verifyPath(code)} className={buttonClass.outline}>
        <ExternalLink className="h-4 w-4" aria-hidden />
        View
      </a>
      <a href={linkedInShareUrl(verifyUrl)} className={buttonClass.outline} target="_blank" rel={share}>
        <Share2 className="h-4 w-4" aria-hidden />
        Share on LinkedIn
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <a href={whatsAppShareUrl(courseTitle, verifyUrl)} className={buttonClass.outline} target="_blank" rel={share}>
        <MessageCircle className="h-4 w-4" aria-hidden />
        WhatsApp
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

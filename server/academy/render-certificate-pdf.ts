import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { A4, fitWidth, GREEN, INK, MUTED, WHITE } from "../pdf/pdf-style";
import type { TCertificateView } from "./find-certificate";

const GOLD = rgb(0.76, 0.58, 0.18);

/** The QR code of the verification address, drawn as squares so it stays sharp at any zoom. */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: WHITE });
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++)
      if (qr.modules.get(row, col))
        page.drawRectangle({
          x: x + (col + quiet) * cell,
          y: y + size - (row + quiet + 1) * cell,
          width: cell,
          height: cell,
          color: INK,
        });
}

/**
 * A one-page landscape A4 certificate (docs/product/academy.md#certificates): the student's name, the course,
 * the completion date in Lagos, grade and score, the code, and the verification address with its QR code.
 */
export async function renderCertificatePdf(cert: TCertificateView, verifyUrl: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of Completion: ${cert.courseTitle}`);
  pdf.setAuthor("Zavolah Academy");
  pdf.setSubject(`Certificate ${cert.code}`);
  const page = pdf.addPage([A4[1], A4[0]]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const serif = await pdf.embedFont(StandardFonts.TimesRomanBoldItalic);
  const { width, height } = page.getSize();
  const centre = (value: string, y: number, size: number, font: PDFFont, color = INK) => {
    const shown = fitWidth(font, value, size, width - 140);
    page.drawText(shown, { x: (width - font.widthOfTextAtSize(shown, size)) / 2, y, size, font, color });
  };

  page.drawRectangle({ x: 20, y: 20, width: width - 40, height: height - 40, borderColor: GREEN, borderWidth: 3 });
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 60, borderColor: GOLD, borderWidth: 1 });

  centre("ZAVOLAH ACADEMY", height - 95, 16, bold, GREEN);
  centre("Certificate of Completion", height - 150, 36, serif, INK);
  centre("This certifies that", height - 200, 13, regular, MUTED);
  centre(cert.studentName, height - 245, 30, bold, INK);
  page.drawLine({
    start: { x: width / 2 - 180, y: height - 257 },
    end: { x: width / 2 + 180, y: height - 257 },
    thickness: 0.75,
    color: GOLD,
  });
  centre("has successfully completed the course", height - 285, 13, regular, MUTED);
  centre(cert.courseTitle, height - 320, 22, bold, GREEN);
  centre(`Completed on ${formatLagosDateLong(cert.issuedAt)}`, height - 355, 13, regular, INK);
  centre(`Grade: ${cert.grade} (${cert.scorePct}%)`, height - 378, 13, bold, INK);

  // Bottom band: the code and the address to check it, beside its QR code.
  const left = 70;
  const qrSize = 96;
  drawQr(page, verifyUrl, width - 70 - qrSize, 55, qrSize);
  page.drawText("Certificate code", { x: left, y: 130, size: 10, font: regular, color: MUTED });
  page.drawText(cert.code, { x: left, y: 112, size: 16, font: bold, color: INK });
  page.drawText("Verify this certificate at", { x: left, y: 88, size: 10, font: regular, color: MUTED });
  page.drawText(fitWidth(regular, verifyUrl, 11, width - 2 * left - qrSize - 20), {
    x: left,
    y: 72,
    size: 11,
    font: regular,
    color: GREEN,
  });
  page.drawText("Zavolah Academy, Lagos, Nigeria", { x: left, y: 54, size: 9, font: regular, color: MUTED });

  return pdf.save();
}

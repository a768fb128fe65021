import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server in the test process (npm smtp-server) that keeps what it receives; it can refuse the
// next N messages with an SMTP error to test the fallback.

export type TSmtpMail = { from: string; to: string; data: string };

export async function startSmtpSink() {
  const received: TSmtpMail[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString()));
      stream.on("end", () => {
        if (refuse > 0) {
          refuse--;
          return callback(Object.assign(new Error("Mailbox unavailable (fake refusal)"), { responseCode: 550 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count = 1) {
      refuse = count;
    },
    reset() {
      received.length = 0;
      refuse = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The staff of npm run chaos (scripts/chaos.ts, docs/operations.md#crash-safety), working through the balancer as they
// would from their browsers while instances die under them:
// - Two staff at two desks confirm each bank transfer at the same moment with the same bank reference (the order page's
//   "confirm transfer" form), each sending the form again until an instance answers it. The order must be paid once.
// - A staff member sends a campaign to a pasted list. The send is a form post: when its answer is lost, they look
//   at the campaigns list before sending it again, as a careful person would, so one campaign is created. Its
//   batches and e-mails then go out while instances die; each person must get it once.

export type TStaffCounts = {
  transfersToConfirm: number;
  /** Confirmations answered (each transfer twice: both desks). */
  confirmationsAnswered: number;
  /** Form posts sent again because no instance answered. */
  resentPosts: number;
  campaignsCreated: number;
};

export type TStaffDesk = {
  counts: TStaffCounts;
  /** Both desks confirm this order's transfer; resolves once both were answered (or gives up at `giveUpAt`). */
  confirmTransfer(orderNumber: string): Promise<void>;
  /** Creates the campaign once; resolves with its subject. */
  sendCampaign(recipients: string[]): Promise<string>;
  /** The orders whose transfer both desks were answered for. */
  confirmed: string[];
  /** Every confirmation still being sent. */
  settled(): Promise<void>;
};

type TOptions = {
  proxy: string;
  password: string;
  /** Two staff accounts, one a desk. */
  emails: [string, string];
  giveUpAt: () => number;
  /** Whether a campaign with this subject exists (the campaigns list, read from the database). */
  campaignExists: (subject: string) => Promise<boolean>;
  say: (message: string) => void;
  /** An answer 500 (an error page where 503 was due), with what was asked. */
  serverError: (what: string) => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A form post as a browser without JavaScript sends it, to `base` (the balancer, or one instance); answered means any
 * status under 500, and a 500 is reported with what was asked.
 */
export async function postForm(
  base: string,
  cookie: string,
  path: string,
  body: URLSearchParams | FormData,
  serverError: (what: string) => void,
): Promise<Response | null> {
  try {
    const res = await fetch(`${base}${path}`, { method: "POST", body, redirect: "manual", headers: { cookie, origin: base } });
    await res.arrayBuffer();
    if (res.status === 500) serverError(`POST ${path} (request ${res.headers.get("x-request-id") ?? "without an id"})`);
    return res.status < 500 ? res : null;
  } catch {
    return null;
  }
}

/** Signs in through the sign-in form, trying again while instances die; resolves with the session's cookie. */
export async function signInForm(base: string, email: string, password: string, serverError: (what: string) => void): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const res = await postForm(base, "", "/auth/sign-in", new URLSearchParams({ email, password, returnTo: "/" }), serverError);
    const cookie = res?.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .filter((c) => !c.endsWith("="))
      .join("; ");
    if (res && res.status < 400 && cookie) return cookie;
    if (attempt > 30) throw new Error(`${email} could not sign in (${res?.status ?? "no answer"})`);
    await sleep(500);
  }
}

/** Signs the desks in and returns them ready to work. */
export async function openStaffDesks(o: TOptions): Promise<TStaffDesk> {
  const counts: TStaffCounts = { transfersToConfirm: 0, confirmationsAnswered: 0, resentPosts: 0, campaignsCreated: 0 };
  const confirmed: string[] = [];
  const pending = new Set<Promise<void>>();

  const post = (cookie: string, path: string, body: URLSearchParams | FormData) => postForm(o.proxy, cookie, path, body, o.serverError);
  const signIn = (email: string) => signInForm(o.proxy, email, o.password, o.serverError);
  const desks = await Promise.all(o.emails.map(signIn));

  /** Sends the form again until an instance answers; false when given up. */
  async function untilAnswered(send: () => Promise<Response | null>): Promise<Response | null> {
    for (let attempt = 0; ; attempt++) {
      const res = await send();
      if (res) return res;
      if (Date.now() > o.giveUpAt()) return null;
      counts.resentPosts++;
      await sleep(Math.min(2000, 200 * 2 ** attempt));
    }
  }

  return {
    counts,
    confirmed,
    confirmTransfer(orderNumber) {
      counts.transfersToConfirm++;
      // The bank statement's line, the same for both desks.
      const reference = `GTB-TRF-${orderNumber.replace(/\D/g, "")}`;
      const work = Promise.all(
        desks.map((cookie) =>
          untilAnswered(() =>
            post(cookie, `/staff/orders/${orderNumber}`, new URLSearchParams({ intent: "confirm-transfer", reference })),
          ).then((res) => {
            if (res) counts.confirmationsAnswered++;
            return res !== null;
          }),
        ),
      ).then((answered) => {
        if (answered.every(Boolean)) confirmed.push(orderNumber);
        else o.say(`staff: the transfer of ${orderNumber} was not answered before the deadline`);
      });
      pending.add(work);
      void work.finally(() => pending.delete(work));
      return work;
    },
    async sendCampaign(recipients) {
      const subject = `Harmattan solar offer ${Date.now()}`;
      const form = () => {
        const f = new FormData();
        f.set("senderName", "Zavolah Energy");
        f.set("senderEmail", "news@zavolah.ng");
        f.set("subject", subject);
        f.set("html", "<h1>Power through the harmattan</h1><p>10% off every 5 kVA solar kit in our Lagos and Abuja stores.</p>");
        f.set("logoUrl", "");
        f.set("audience", "list");
        f.set("recipients", recipients.join("\n"));
        f.set("attest", "on");
        return f;
      };
      for (let attempt = 0; ; attempt++) {
        const res = await post(desks[0], "/staff/campaigns/new", form());
        if (res && res.status >= 300 && res.status < 400) break; // sent: the page moves to the campaign
        if (res) throw new Error(`the campaign was refused (${res.status})`);
        // No answer: did it go? The campaigns list says.
        if (await o.campaignExists(subject)) break;
        if (Date.now() > o.giveUpAt()) throw new Error("the campaign could not be sent before the deadline");
        counts.resentPosts++;
        await sleep(Math.min(2000, 200 * 2 ** attempt));
      }
      counts.campaignsCreated++;
      return subject;
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

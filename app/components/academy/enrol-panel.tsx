import { BellRing, CalendarDays, PlayCircle } from "lucide-react";
import { Form, Link } from "react-router";
import type { TIntakeState } from "@domain/academy/academy";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { coursePriceText } from "~/components/academy/course-card";
import { buttonClass, cardClass } from "~/components/ui/styles";

// The course page's enrol panel (docs/product/academy.md): the price, an open intake to choose (a free course enrols at
// once, a paid one goes to the cart), a reminder, a free lesson and the live sessions.

/** An intake still taking enrolments, with its seats and live sessions. */
export type TEnrolIntake = {
  id: number;
  startsAt: Date;
  enrolmentClosesAt: Date;
  seatsLeft: number | null;
  state: TIntakeState;
  liveSessions: { id: number; title: string; startsAt: Date; place: string }[];
};

export function EnrolPanel(p: {
  courseId: number;
  slug: string;
  title: string;
  priceKobo: number;
  intakes: TEnrolIntake[];
  enrolment: { progressPct: number } | null;
  signedIn: boolean;
  here: string;
  previewSlug: string | null;
}) {
  const open = p.intakes.filter((i) => i.state === "open");
  const free = p.priceKobo === 0;
  return (
    <div className={`${cardClass} space-y-4`}>
      <p className="text-3xl font-bold">{coursePriceText(p.priceKobo)}</p>
      {p.enrolment ? (
        <>
          <p className="font-semibold text-brand">You're enrolled · {p.enrolment.progressPct}% complete</p>
          <Link to={`/academy/${p.slug}/learn`} className={`${buttonClass.primary} w-full`}>
            Continue learning
          </Link>
        </>
      ) : open.length === 0 ? (
        <p className="rounded-lg bg-surface-2 p-3 text-sm">
          {p.intakes.length > 0 ? "The next intake is full." : "No intake is open for enrolment right now."} New intakes open regularly:
          check back soon or ask us at academy@zavolah.ng.
        </p>
      ) : !p.signedIn ? (
        <Link to={`${p.here}?login=true&returnTo=${encodeURIComponent(p.here)}`} className={`${buttonClass.primary} w-full`}>
          Sign in to enrol
        </Link>
      ) : (
        <Form method="post" action={free ? "/academy/enrol-free" : "/cart/add"} className="space-y-3">
          {free ? <input type="hidden" name="slug" value={p.slug} /> : <input type="hidden" name="returnTo" value={p.here} />}
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Choose an intake</legend>
            {open.map((i, n) => (
              <label key={i.id} className="flex cursor-pointer gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand">
                <input type="radio" name="intakeId" value={i.id} defaultChecked={n === 0} className="mt-1" />
                <span className="text-sm">
                  <span className="block font-semibold">Starts {formatLagosDate(i.startsAt)}</span>
                  <span className="block text-muted">Enrol by {formatLagosDate(i.enrolmentClosesAt)}</span>
                  {i.seatsLeft !== null ? (
                    <span className="block text-muted">
                      {i.seatsLeft} seat{i.seatsLeft === 1 ? "" : "s"} left
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className={`${buttonClass.primary} w-full`}>
            {free ? "Enrol for free" : "Add to cart"}
          </button>
        </Form>
      )}
      {!p.enrolment && p.signedIn ? (
        <Form method="post" action="/academy/remind">
          <input type="hidden" name="courseId" value={p.courseId} />
          <button type="submit" className={`${buttonClass.ghost} w-full`}>
            <BellRing className="h-4 w-4" aria-hidden /> Remind me before enrolment closes
          </button>
        </Form>
      ) : null}
      {p.previewSlug && !p.enrolment ? (
        <Link to={`/academy/${p.slug}/lessons/${p.previewSlug}`} className={`${buttonClass.outline} w-full`}>
          <PlayCircle className="h-4 w-4" aria-hidden /> Watch a free lesson
        </Link>
      ) : null}
      {p.intakes.some((i) => i.liveSessions.length > 0) ? (
        <div className="border-t border-line pt-3 text-sm">
          <h2 className="inline-flex items-center gap-1.5 font-semibold">
            <CalendarDays className="h-4 w-4" aria-hidden /> Live sessions
          </h2>
          <ul className="mt-2 space-y-2">
            {p.intakes.flatMap((i) =>
              i.liveSessions.map((s) => (
                <li key={s.id}>
                  <span className="block font-medium">{s.title}</span>
                  <span className="block text-muted">
                    {formatLagosDateTime(s.startsAt)} · {s.place}
                  </span>
                </li>
              )),
            )}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

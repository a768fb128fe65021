import { Award, CalendarDays, CheckCircle2, Circle } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/learn";
import { ModuleList } from "~/components/academy/module-list";
import { ProgressBar } from "~/components/academy/progress-bar";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { SUBMISSION_STATUS_LABELS } from "@domain/academy/academy";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { requireUser } from "~/http/access.server";
import { redirectWithFlash } from "~/http/form.server";
import { metaFor } from "~/lib/meta";
import { getLearnPage } from "@server/academy/get-learn-page";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const result = await getLearnPage(viewer.id, params.slug);
  if (!result.ok) {
    if (result.error.code === "forbidden")
      throw await redirectWithFlash(`/academy/${params.slug}`, {
        type: "info",
        title: "Not enrolled yet",
        description: result.error.message,
      });
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  return result;
}

export const meta: Route.MetaFunction = (args) => metaFor("/academy/:slug/learn", args, { title: args.data?.course.title });

export default function Learn({ loaderData }: Route.ComponentProps) {
  const { course, enrolment, modules, resume, sessions, assignments, missing, certificate } = loaderData;
  const base = `/academy/${course.slug}`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/student/dashboard" className="hover:text-fg hover:underline">
          Student dashboard
        </Link>
      </nav>
      <header className="mt-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{course.title}</h1>
        <p className="mt-1 text-muted">
          With {course.instructorName}
          {enrolment.startsAt ? ` · started ${formatLagosDate(enrolment.startsAt)}` : ""}
        </p>
        <div className="mt-4 flex justify-between text-sm">
          <span>Your progress</span>
          <span>{enrolment.progressPct}%</span>
        </div>
        <div className="mt-1">
          <ProgressBar pct={enrolment.progressPct} label="Course progress" />
        </div>
        {resume && enrolment.status === "active" ? (
          <Link to={`${base}/lessons/${resume.slug}`} className={`${buttonClass.primary} mt-4`}>
            {enrolment.progressPct === 0 ? "Start" : "Continue"}: {resume.title}
          </Link>
        ) : null}
      </header>

      {certificate ? (
        <section className={`${cardClass} mt-6`} aria-labelledby="cert">
          <h2 id="cert" className="inline-flex items-center gap-2 text-lg font-bold">
            <Award className="h-5 w-5 text-accent" aria-hidden />{" "}
            {certificate.revokedAt ? "Certificate revoked" : `Certificate earned: ${certificate.grade}`}
          </h2>
          <Link to={`/verify/${certificate.code}`} className="mt-2 inline-block font-semibold text-accent underline">
            View certificate {certificate.code}
          </Link>
        </section>
      ) : missing.length > 0 ? (
        <p className="mt-6 rounded-lg bg-surface-2 p-3 text-sm">
          <Award className="mr-1 inline h-4 w-4" aria-hidden /> For your certificate: {missing.join(", ")}.
        </p>
      ) : null}

      <section aria-labelledby="lessons" className="mt-8">
        <h2 id="lessons" className="text-xl font-bold">
          Lessons
        </h2>
        <ModuleList
          modules={modules}
          lesson={(l) => (
            <>
              <Link to={`${base}/lessons/${l.slug}`} className="inline-flex items-center gap-2 font-medium hover:underline">
                {l.completed ? (
                  <CheckCircle2 className="h-5 w-5 text-brand" aria-label="Completed" />
                ) : (
                  <Circle className="h-5 w-5 text-muted" aria-label="Not completed" />
                )}
                {l.title}
              </Link>
              <span className="shrink-0 text-muted">
                {l.hasQuiz ? "Quiz · " : ""}
                {l.durationMinutes} min
              </span>
            </>
          )}
        />
      </section>

      {assignments.length > 0 ? (
        <section aria-labelledby="assignments" className="mt-8">
          <h2 id="assignments" className="text-xl font-bold">
            Assignments
          </h2>
          <ul className="mt-3 space-y-2">
            {assignments.map((a) => (
              <li
                key={a.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-line bg-surface px-4 py-3"
              >
                <Link to={`${base}/assignments/${a.id}`} className="font-semibold text-accent underline">
                  {a.title}
                </Link>
                <span className="text-sm text-muted">
                  Due {formatLagosDate(a.dueAt)} · {SUBMISSION_STATUS_LABELS[a.status]}
                  {a.score !== null ? ` · ${a.score}/${a.maxScore}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {sessions.length > 0 ? (
        <section aria-labelledby="live" className="mt-8">
          <h2 id="live" className="inline-flex items-center gap-2 text-xl font-bold">
            <CalendarDays className="h-5 w-5" aria-hidden /> Live sessions
          </h2>
          <ul className="mt-3 space-y-2">
            {sessions.map((s) => (
              <li key={s.id} className="rounded-2xl border border-line bg-surface px-4 py-3">
                <p className="font-semibold">{s.title}</p>
                <p className="text-sm text-muted">
                  {formatLagosDateTime(s.startsAt)} · {s.durationMinutes} min · {s.place}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

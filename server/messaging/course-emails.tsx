import { formatLagosDateFull } from "@domain/time/lagos-time";
import type { TEmail } from "./email-layout";
import { Action, Details, Footnote, P } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

/** The course enrolment e-mail (docs/product/messaging.md#templates). studentEmail is the recipient; accessLink opens the course. */
export type TCourseEnrollment = {
  studentName: string;
  studentEmail: string;
  courseName: string;
  startDate: Date;
  /** As the course states it, e.g. "6 weeks". */
  duration: string;
  instructor: string;
  accessLink: string;
};

export function courseEnrollmentEmail(p: TCourseEnrollment, siteUrl: string): TEmail {
  const start = formatLagosDateFull(p.startDate);
  return renderEmail(
    `You're enrolled: ${p.courseName}`,
    <EmailLayout preview={`${p.courseName} starts on ${start}.`} heading={`Welcome to ${p.courseName}, ${p.studentName}`} siteUrl={siteUrl}>
      <P>Your place in {p.courseName} at the Zavolah Academy is confirmed. Here is what you need to know:</P>
      <Details
        rows={[
          ["Course", p.courseName],
          ["Starts", start],
          ["Duration", p.duration],
          ["Instructor", p.instructor],
        ]}
      />
      <P>Your course materials and lessons are waiting in your Academy dashboard. Sign in as {p.studentEmail} to open them.</P>
      <Action label="Start learning" url={p.accessLink} />
      <Footnote>Questions about the course? Reply to this e-mail or write to academy@zavolah.ng.</Footnote>
    </EmailLayout>,
  );
}

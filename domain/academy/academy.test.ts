import { describe, expect, it } from "vitest";
import {
  academyHref,
  certificateGrade,
  completionScorePct,
  earnsCertificate,
  intakeState,
  missingForCertificate,
  progressPct,
  quizScorePct,
  submissionStatus,
} from "./academy";
import { parseCourseFilters } from "./academy-input";

describe("academy rules", () => {
  it("progress is completed over all lessons, rounded down, 100 only when all are done", () => {
    expect(progressPct(0, 3)).toBe(0);
    expect(progressPct(1, 3)).toBe(33);
    expect(progressPct(2, 3)).toBe(66);
    expect(progressPct(3, 3)).toBe(100);
    expect(progressPct(199, 200)).toBe(99);
    expect(progressPct(0, 0)).toBe(0);
  });

  it("an intake closes after its deadline and is full at its capacity", () => {
    const now = new Date("2026-12-01T10:00:00Z");
    const open = { enrolmentClosesAt: new Date("2026-12-01T10:00:01Z"), capacity: 2 };
    expect(intakeState(open, 1, now)).toBe("open");
    expect(intakeState(open, 2, now)).toBe("full");
    expect(intakeState({ ...open, enrolmentClosesAt: new Date("2026-12-01T09:59:59Z") }, 0, now)).toBe("closed");
    expect(intakeState({ ...open, capacity: null }, 10_000, now)).toBe("open");
  });

  it("quizzes, grades and what a certificate still needs", () => {
    expect(quizScorePct([0, 1, 2], [0, 1, 0])).toBe(66);
    expect(certificateGrade(85)).toBe("Distinction");
    expect(certificateGrade(84)).toBe("Merit");
    expect(certificateGrade(69)).toBe("Pass");
    const facts = {
      lessons: 4,
      completedLessons: 3,
      quizzes: [{ bestPct: 60, passed: false }],
      assignments: [{ score: null, maxScore: 50, passScore: 25 }],
    };
    expect(missingForCertificate(facts)).toEqual(["1 lesson to complete", "1 quiz to pass", "1 assignment to pass"]);
    expect(earnsCertificate(facts)).toBe(false);
    const done = {
      lessons: 4,
      completedLessons: 4,
      quizzes: [{ bestPct: 100, passed: true }],
      assignments: [{ score: 30, maxScore: 50, passScore: 25 }],
    };
    expect(earnsCertificate(done)).toBe(true);
    expect(completionScorePct(done)).toBe(80);
    expect(earnsCertificate({ lessons: 0, completedLessons: 0, quizzes: [], assignments: [] })).toBe(false);
  });

  it("submission status", () => {
    expect(submissionStatus(null)).toBe("not_submitted");
    expect(submissionStatus({ late: true, gradedAt: null })).toBe("late");
    expect(submissionStatus({ late: true, gradedAt: new Date() })).toBe("graded");
  });

  it("catalogue addresses keep only what differs from the defaults, and bad values fall back", () => {
    expect(academyHref({ sort: "next-intake", page: 1 })).toBe("/academy");
    expect(academyHref({ category: "solar", price: "free", page: 2 })).toBe("/academy?category=solar&price=free&page=2");
    expect(parseCourseFilters(new URLSearchParams("category=cooking&price=cheap&page=-3&q=%20%20inverter%20"))).toEqual({
      q: "inverter",
      category: null,
      level: null,
      price: null,
      sort: "next-intake",
      page: 1,
    });
  });
});

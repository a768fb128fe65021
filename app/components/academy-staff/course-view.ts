// What the course page's components show of its loader's course (server/academy/find-staff-course.ts); the
// browser's code names the shape, as it may not import server code.

export type TQuestionView = { id: number; prompt: string; options: string[]; correctOption: number };

export type TLessonView = {
  id: number;
  title: string;
  slug: string;
  durationMinutes: number;
  body: string;
  isPreview: boolean;
  videoPath: string | null;
  resources: { id: number; title: string; contentType: string; bytes: number }[];
  quiz: { passMarkPct: number; maxAttempts: number | null; questions: TQuestionView[] } | null;
};

export type TModuleView = { id: number; title: string; lessons: TLessonView[] };

export type TSessionView = { id: number; title: string; startsAt: Date | string; durationMinutes: number; place: string };

export type TIntakeView = {
  id: number;
  startsAt: Date | string;
  enrolmentClosesAt: Date | string;
  capacity: number | null;
  students: number;
  sessions: TSessionView[];
};

export type TAssignmentView = {
  id: number;
  title: string;
  instructions: string;
  maxScore: number;
  passScore: number;
  dueDaysAfterStart: number;
};

export type TStudentView = { id: number; name: string; email: string; status: string; progressPct: number };

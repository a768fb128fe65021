// What every e-mail module returns and the outbox stores. The branded frame itself is the React layout in
// templates/layout.tsx, rendered by templates/render.ts.

export type TEmail = { subject: string; html: string; text: string };

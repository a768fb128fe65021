import { data } from "react-router";
import type { Route } from "./+types/submission-file";
import { parseAddressId } from "@domain/http/outside-text";
import { requireUser } from "~/http/access.server";
import { privateFile } from "~/http/send-file.server";
import { findSubmissionFile } from "@server/academy/find-submission-file";

/** An assignment file, sent as a download to its student and to staff only, never rendered by the browser. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const id = parseAddressId(params.submissionId);
  const found = id ? await findSubmissionFile(viewer, id) : null;
  if (!found?.ok) throw data("This file does not exist", { status: 404 });
  return privateFile(found.bytes, { contentType: found.contentType, name: found.name, disposition: "attachment" });
}

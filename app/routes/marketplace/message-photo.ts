import { data } from "react-router";
import type { Route } from "./+types/message-photo";
import { parseAddressId } from "@domain/http/outside-text";
import { requireUser } from "~/http/access.server";
import { privateFile } from "~/http/send-file.server";
import { findMessagePhoto } from "@server/marketplace/find-message-photo";

/**
 * A photo sent with a message between a buyer and a seller (docs/product/marketplace.md#messages), shown only to those
 * two; anyone else signed in gets 404, a visitor is asked to sign in.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const id = parseAddressId(params.messageId);
  const size = params.size === "small" || params.size === "large" ? params.size : null;
  const found = id && size ? await findMessagePhoto(viewer, id, size) : null;
  if (!found?.ok) throw data("This photo does not exist", { status: 404 });
  return privateFile(found.bytes, { contentType: found.contentType, name: found.name, disposition: "inline" });
}

import { changePublicContent } from "../../http/page-cache";
import { markPostPublished, type TPostStatusChange } from "./mark-post-published";
import { announcePublished } from "./publication-effects";

/** Staff publish a saved post: public at once, and its readers are told. */
export async function publishPost(actorId: string, id: number): Promise<TPostStatusChange> {
  const result = await changePublicContent((tx) => markPostPublished(tx, actorId, id));
  if (result.ok && result.changed) await announcePublished();
  return result;
}

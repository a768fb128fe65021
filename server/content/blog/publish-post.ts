import { getDb } from "../../db/client";
import { markPostPublished, type TPostStatusChange } from "./mark-post-published";
import { announcePublished, refreshPublicPages } from "./publication-effects";

/** Staff publish a saved post: public at once, and its readers are told. */
export async function publishPost(actorId: string, id: number): Promise<TPostStatusChange> {
  const result = refreshPublicPages(await getDb().transaction((tx) => markPostPublished(tx, actorId, id)));
  if (result.ok && result.changed) await announcePublished();
  return result;
}

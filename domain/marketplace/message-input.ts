import { z } from "zod";
import { MESSAGE_MAX } from "./messages";

// The message form on a part of an order (docs/product/marketplace.md#messages), server only; the photo is a file,
// checked by the use case.

export const ZMessage = z.object({
  subOrderId: z.coerce.number({ error: "Unknown order" }).int().positive("Unknown order").max(2_147_483_647, "Unknown order"),
  body: z
    .string()
    .trim()
    .max(MESSAGE_MAX, `Keep the message under ${MESSAGE_MAX.toLocaleString("en-NG")} characters`)
    .optional()
    .transform((v) => v ?? ""),
});
export type TMessage = z.output<typeof ZMessage>;

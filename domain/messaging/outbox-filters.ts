// The admin outbox list: statuses, channels and page size. Isomorphic; the filters schema is in outbox-filters-input.ts.

import type { TOutboxFilters } from "./outbox-filters-input";

export const OUTBOX_STATUSES = { queued: "Queued", sending: "Sending", sent: "Sent", failed: "Failed" } as const;
export const OUTBOX_CHANNELS = { email: "E-mail", sms: "SMS" } as const;
export type TOutboxStatus = keyof typeof OUTBOX_STATUSES;

export const OUTBOX_PAGE_SIZE = 25;
export const OUTBOX_FILTER_DEFAULTS: TOutboxFilters = { status: "all", channel: "all", page: 1 };

import type { z } from "zod";
import type { TRole } from "@domain/access/roles";
import { requireRole, type Ctx } from "./access.server";
import { readQuery } from "./request-input.server";

/**
 * The loader of a back-office list filtered by its query string (the orders, the outbox, the certificates...): it
 * checks the viewer holds `role` (the guard's route table has already, this is the handler's own check), reads the
 * filters by their schema through readQuery, and answers them with the page of rows `list` finds for them, so the
 * page's filter form and page links start from what it was asked for. The route exports what this returns as its
 * loader, and React Router's types read the page's data from it.
 */
export function filteredListLoader<S extends z.ZodType, TPage extends object>(
  role: TRole,
  schema: S,
  list: (filters: z.output<S>) => Promise<TPage>,
) {
  return async ({ request, context }: { request: Request; context: Ctx }) => {
    await requireRole(context, request, role);
    const filters = readQuery(request, schema);
    return { filters, ...(await list(filters)) };
  };
}

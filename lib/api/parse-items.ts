/**
 * A v1 POST body is one structure or an array of them (docs/CONTRACT.md#replies). Each item is
 * validated with the same zod schema; the first bad item is named in the 400's details
 * so a client can find it in a batch of thousands. There is no item count limit: the
 * body's size (MAX_BODY_BYTES) is the only one, as in the original service.
 */
import type { z } from "zod";
import { badRequest } from "@/lib/api/errors";

export interface ItemIssue {
  index: number;
  path: string;
  message: string;
}

export function parseItems<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S>[] {
  const items = Array.isArray(body) ? body : [body];
  if (items.length === 0) throw badRequest(`The body must hold at least one ${what}.`);
  return items.map((item, index) => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      throw badRequest(`Item ${index} is not a ${what} object.`, { index });
    }
    const result = schema.safeParse(item);
    if (!result.success) {
      const issues: ItemIssue[] = result.error.issues.map((i) => ({
        index,
        path: i.path.join("."),
        message: i.message,
      }));
      const first = issues[0]!;
      throw badRequest(`Item ${index} is not a valid ${what}: ${first.path || "value"}: ${first.message}.`, {
        index,
        issues,
      });
    }
    return result.data;
  });
}

/** Rejects a batch that names the same key twice, which no single transaction can honour. */
export function rejectDuplicates<T>(items: T[], key: (item: T) => string, what: string): void {
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const k = key(item);
    const first = seen.get(k);
    if (first !== undefined)
      throw badRequest(`Items ${first} and ${index} are the same ${what}.`, { index, duplicate_of: first, key: k });
    seen.set(k, index);
  });
}

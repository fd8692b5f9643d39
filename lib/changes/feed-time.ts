/**
 * `changes_since` (docs/CONTRACT.md#changes): the original service's parameter, a time in SQL datetime
 * form with an offset (`2026-11-21 08:00:00+0000`, as every time this API sends) or ISO
 * 8601 (`2026-11-21T08:00:00Z`, `...T10:00:00.5+02:00`, or a date alone). Without an
 * offset it is UTC. A `+` sent unescaped in a query string arrives as a space
 * (form encoding), so `08:00:00 0000` is read as `08:00:00+0000`.
 */
import { badRequest } from "@/lib/api/errors";

const FORM =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(?:\s*(Z|[+ -]\d{2}:?\d{2}))?)?$/i;

/** ms since the epoch; 400 naming the value when it is not such a time. */
export function parseChangesSince(value: string): number {
  const m = FORM.exec(value.trim());
  const bad = () =>
    badRequest("changes_since must be a time like 2026-11-21 08:00:00+0000 or 2026-11-21T08:00:00Z.", {
      changes_since: value.slice(0, 100),
    });
  if (!m) throw bad();
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((p) => (p === undefined ? undefined : Number(p))) as number[];
  const ms = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  const local = Date.UTC(year!, month! - 1, day!, hour, minute, second, ms);
  const check = new Date(local);
  // Date.UTC rolls 2026-02-30 over into March: refuse what does not come back the same.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    throw bad();
  const zone = m[8];
  if (zone === undefined || zone.toUpperCase() === "Z") return local;
  const z = /^([+ -])(\d{2}):?(\d{2})$/.exec(zone)!;
  const offset = (Number(z[2]) * 60 + Number(z[3])) * 60_000;
  if (Number(z[2]) > 14 || Number(z[3]) > 59) throw bad();
  return z[1] === "-" ? local + offset : local - offset;
}

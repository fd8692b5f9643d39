/** Random ids with a prefix saying what they name: "wh_", "evt_", "dlv_" and 22 base64url characters (132 bits). */
import { randomBytes } from "node:crypto";

export function newId(prefix: "wh" | "evt" | "dlv"): string {
  return `${prefix}_${randomBytes(17).toString("base64url").slice(0, 22)}`;
}

/** Resident memory of a process on this machine (Linux /proc), in MB. */
import { readFileSync } from "node:fs";

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

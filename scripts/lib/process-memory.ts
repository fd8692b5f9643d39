/** Resident memory and CPU time of a process on this machine (Linux /proc). */
import { readFileSync } from "node:fs";

/** CPU time (user + system) a process has used, in ms (Linux /proc, 100 ticks a second). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

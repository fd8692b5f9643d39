// The server's two tables (lib/server/route-table.ts, lib/server/jobs.ts): the first route
// that matches serves, under its label; jobs start only when enabled and all stop, a
// failing stop told by name without keeping the others from stopping.
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { startJobs, stopJobs } from "@/lib/server/jobs";
import { routeRequest, type Route } from "@/lib/server/route-table";
import type { RequestRecord } from "@/lib/server/observe-requests";

const served: string[] = [];
const route =
  (name: string, match: (url: string) => boolean, label: (url: string) => string = () => name): Route =>
  (url) =>
    match(url) ? { label: label(url), serve: () => void served.push(name) } : null;

describe("routeRequest", () => {
  it("serves with the first route that matches, under its label", () => {
    const routes = [
      route(
        "api",
        (u) => u.startsWith("/v1/"),
        (u) => `/v1/${u.slice(4).split("?")[0]}`,
      ),
      route("health", (u) => u === "/healthz"),
      route("pages", () => true),
    ];
    const record = {} as RequestRecord;
    const go = (url: string) => {
      routeRequest(routes, { url } as IncomingMessage, {} as ServerResponse, record);
      return [served.at(-1), record.route];
    };
    expect(go("/v1/mod.php?x=1")).toEqual(["api", "/v1/mod.php"]);
    expect(go("/healthz")).toEqual(["health", "health"]);
    expect(go("/healthz?x")).toEqual(["pages", "pages"]);
    expect(() => routeRequest([routes[1]!], { url: "/x" } as IncomingMessage, {} as ServerResponse, record)).toThrow(
      /must match everything/,
    );
  });
});

describe("jobs", () => {
  it("starts the enabled ones and stops them all, naming the one that failed", async () => {
    const log: string[] = [];
    const jobs = startJobs([
      { name: "a", enabled: true, start: () => (log.push("start a"), { stop: () => void log.push("stop a") }) },
      { name: "off", enabled: false, start: () => (log.push("start off"), { stop: () => {} }) },
      {
        name: "b",
        enabled: true,
        start: () => (log.push("start b"), { stop: async () => Promise.reject(new Error("stuck")) }),
      },
      { name: "c", enabled: true, start: () => ({ stop: async () => void log.push("stop c") }) },
    ]);
    expect(jobs.map((j) => j.name)).toEqual(["a", "b", "c"]);
    const failed: string[] = [];
    await stopJobs(jobs, (name, err) => failed.push(`${name}: ${(err as Error).message}`));
    expect(log).toEqual(["start a", "start b", "stop a", "stop c"]);
    expect(failed).toEqual(["b: stuck"]);
  });
});

/**
 * Runs Debian's nginx with the site file of deploy/nginx/beacon-hub.conf, as a child
 * process of the test (no daemon, no root needed, everything under a temp directory).
 * Only the upstream servers, the listen address and the log paths of the site file are
 * changed; anything else in it is what production runs. A small main config around it
 * stands for /etc/nginx/nginx.conf (temp paths, pid, and gzip on for the whole http
 * block, as Debian ships it, so the site's own "gzip off" is what keeps replies intact).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./test-server";

export const SITE_FILE = join(ROOT, "deploy", "nginx", "beacon-hub.conf");

/** The nginx binary, or null when it is not installed (.ci/run installs it). */
export function findNginx(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

export interface Nginx {
  url: string;
  /** the access log lines so far (the site's beacon_hub format) */
  accessLog(): string[];
  stop(): Promise<void>;
}

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(
    new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`),
  );
  if (matches?.length !== 1)
    throw new Error(
      `${SITE_FILE}: expected one ${what}, found ${matches?.length ?? 0}; update test/support/nginx.ts with the file`,
    );
  return text.replace(pattern, replacement);
}

/** The site file with these upstreams, listen address and log paths, nothing else changed. */
export function siteConfig(upstreams: string[], listen: string, dir: string): string {
  let site = readFileSync(SITE_FILE, "utf8");
  // The example instances, one "server" line each with their parameters, become ours
  // with the same parameters.
  const servers = [...site.matchAll(/^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/gm)];
  if (servers.length < 2) throw new Error(`${SITE_FILE}: expected the upstream's example server lines`);
  const [indent, params] = [servers[0]![1]!, servers[0]![2] ?? ""];
  const ours = upstreams.map((u) => `${indent}server ${u}${params};\n`).join("");
  site = site.replace(servers.map((m) => m[0]).join(""), ours);
  if (!site.includes(ours)) throw new Error(`${SITE_FILE}: the upstream's server lines are not one block`);
  site = replaceOnce(site, /^(\s*)listen 80;$/m, `$1listen ${listen};`, "listen 80 line");
  site = replaceOnce(site, /\/var\/log\/nginx\/beacon-hub\.access\.log/, join(dir, "access.log"), "access log path");
  site = replaceOnce(site, /\/var\/log\/nginx\/beacon-hub\.error\.log/, join(dir, "error.log"), "error log path");
  return site;
}

function mainConfig(dir: string): string {
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  return [
    // As root, the workers would run as "nobody"; the temp dir is theirs to read below.
    process.getuid?.() === 0 ? "user nobody nogroup;" : "",
    "worker_processes 1;",
    `pid ${join(dir, "nginx.pid")};`,
    `error_log ${join(dir, "error.log")} warn;`,
    "events { worker_connections 512; }",
    "http {",
    "  default_type application/octet-stream;",
    `  access_log ${join(dir, "main-access.log")};`,
    // Debian's nginx.conf has "gzip on"; this compresses even small JSON replies, so a
    // site that did not turn gzip off would show it.
    "  gzip on;",
    "  gzip_min_length 1;",
    "  gzip_types application/json application/octet-stream text/plain;",
    `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
    `  include ${join(dir, "beacon-hub.conf")};`,
    "}",
    "",
  ].join("\n");
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

/** Starts nginx on `host:port` in front of `upstreams` ("127.0.0.1:3001", ...). */
export async function startNginx(binary: string, upstreams: string[], host: string, port: number): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), "beacon-nginx-"));
  // Workers (not the master) write request bodies to the temp paths.
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, "beacon-hub.conf"), siteConfig(upstreams, `${host}:${port}`, dir));
  writeFileSync(join(dir, "nginx.conf"), mainConfig(dir));
  const args = ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")];
  // nginx -t: the configuration (the site file above all) is valid.
  execFileSync(binary, [...args, "-t", "-q"], { stdio: "pipe" });
  const child: ChildProcess = spawn(binary, [...args, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errorLog = () => (existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : "");
  const deadline = Date.now() + 10_000;
  while (!(await accepts(host, port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not start (exit ${child.exitCode}):\n${output}\n${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://${host}:${port}`,
    accessLog: () => readFileSync(join(dir, "access.log"), "utf8").split("\n").filter(Boolean),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A stand-in for Discord's "execute webhook" endpoint (POST /api/webhooks/<id>/<token>),
 * enforcing what Discord documents: a JSON body with content or embeds; content at most
 * 2,000 characters; at most 10 embeds; in each, title 256, description 4,096, at most 25
 * fields of name 256 and value 1,024 (neither empty), footer 2,048, author name 256; all
 * embed text together at most 6,000. A body that breaks one gets Discord's 400
 * (`{"code": 50035, "message": "Invalid Form Body", "errors": ...}`).
 *
 * Rate limits as Discord sends them: every answer carries X-RateLimit-Limit, -Remaining,
 * -Reset (epoch seconds), -Reset-After (seconds) and -Bucket; a webhook takes `limit`
 * requests per `windowMs`, and one more is a 429 with Retry-After, X-RateLimit-Scope:
 * shared and a JSON body whose `retry_after` is in seconds. A valid message is a 204.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export const LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  total: 6000,
};

interface Embed {
  title?: string;
  description?: string;
  url?: string;
  fields?: { name?: string; value?: string }[];
  footer?: { text?: string };
  author?: { name?: string };
}

const len = (s: unknown) => (typeof s === "string" ? [...s].length : 0);

/** Discord's checks of an execute-webhook body; the problems found (none: Discord accepts it). */
export function discordProblems(message: { content?: unknown; embeds?: Embed[] }): string[] {
  const problems: string[] = [];
  const embeds = message.embeds ?? [];
  if (!message.content && embeds.length === 0) problems.push("content or embeds required");
  if (len(message.content) > LIMITS.content) problems.push("content over 2000");
  if (embeds.length > LIMITS.embeds) problems.push("more than 10 embeds");
  let total = 0;
  embeds.forEach((e, i) => {
    if (len(e.title) > LIMITS.title) problems.push(`embeds.${i}.title over 256`);
    if (len(e.description) > LIMITS.description) problems.push(`embeds.${i}.description over 4096`);
    if ((e.fields ?? []).length > LIMITS.fields) problems.push(`embeds.${i}.fields over 25`);
    (e.fields ?? []).forEach((f, j) => {
      if (len(f.name) === 0 || len(f.name) > LIMITS.fieldName) problems.push(`embeds.${i}.fields.${j}.name`);
      if (len(f.value) === 0 || len(f.value) > LIMITS.fieldValue) problems.push(`embeds.${i}.fields.${j}.value`);
    });
    if (len(e.footer?.text) > LIMITS.footer) problems.push(`embeds.${i}.footer.text over 2048`);
    if (len(e.author?.name) > LIMITS.authorName) problems.push(`embeds.${i}.author.name over 256`);
    if (e.url !== undefined && !/^https?:\/\//.test(e.url)) problems.push(`embeds.${i}.url`);
    total += len(e.title) + len(e.description) + len(e.footer?.text) + len(e.author?.name);
    total += (e.fields ?? []).reduce((n, f) => n + len(f.name) + len(f.value), 0);
  });
  if (total > LIMITS.total) problems.push(`embeds total ${total} over 6000`);
  return problems;
}

export interface FakeDiscord {
  url: string;
  accepted: { path: string; message: { embeds: Embed[] } }[];
  rateLimited: number;
  /**
   * By webhook path: answer its next n requests with a 429 anyway (as Discord's shared
   * limits may). Per webhook, so that a request of another test's webhook cannot take it.
   */
  throttleNext: Map<string, number>;
  invalid: { path: string; problems: string[] }[];
  close(): Promise<void>;
}

export async function startFakeDiscord(options: { limit?: number; windowMs?: number } = {}): Promise<FakeDiscord> {
  const limit = options.limit ?? 5;
  const windowMs = options.windowMs ?? 2000;
  const buckets = new Map<string, { resetAt: number; used: number }>();
  const fake: FakeDiscord = {
    url: "",
    accepted: [],
    rateLimited: 0,
    throttleNext: new Map(),
    invalid: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url!.split("?")[0]!;
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
      if (req.method !== "POST" || !/^\/api\/webhooks\/\d+\/[\w-]+$/.test(path))
        return json(404, { message: "Unknown Webhook", code: 10015 });
      const now = Date.now();
      let bucket = buckets.get(path);
      if (!bucket || bucket.resetAt <= now) buckets.set(path, (bucket = { resetAt: now + windowMs, used: 0 }));
      const after = (bucket.resetAt - now) / 1000;
      const headers = {
        "x-ratelimit-limit": String(limit),
        "x-ratelimit-reset": (bucket.resetAt / 1000).toFixed(3),
        "x-ratelimit-reset-after": after.toFixed(3),
        "x-ratelimit-bucket": "fake-bucket",
      };
      const throttled = fake.throttleNext.get(path) ?? 0;
      if (bucket.used >= limit || throttled > 0) {
        if (bucket.used < limit) fake.throttleNext.set(path, throttled - 1);
        fake.rateLimited++;
        return json(
          429,
          { message: "You are being rate limited.", retry_after: Number(after.toFixed(3)), global: false },
          {
            ...headers,
            "x-ratelimit-remaining": "0",
            "x-ratelimit-scope": "shared",
            "retry-after": String(Math.ceil(after)),
          },
        );
      }
      bucket.used++;
      const remaining = { ...headers, "x-ratelimit-remaining": String(limit - bucket.used) };
      let message: { content?: unknown; embeds?: Embed[] };
      try {
        if (!(req.headers["content-type"] ?? "").startsWith("application/json")) throw new Error("content type");
        message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof message;
      } catch {
        return json(400, { message: "Cannot send an empty message", code: 50006 }, remaining);
      }
      const problems = discordProblems(message);
      if (problems.length > 0) {
        fake.invalid.push({ path, problems });
        return json(400, { code: 50035, message: "Invalid Form Body", errors: problems }, remaining);
      }
      fake.accepted.push({ path, message: message as { embeds: Embed[] } });
      res.writeHead(204, remaining).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

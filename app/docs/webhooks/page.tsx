/**
 * /docs/webhooks: how a receiver checks that a webhook request came from this server,
 * in the app itself (an instance's users cannot read the repository's docs/WEBHOOKS.md,
 * which says the same for developers of Beacon Hub). The dashboard's webhook pages link
 * here. Static text: the receiver below is the one docs/WEBHOOKS.md shows, and the
 * webhooks e2e checks real deliveries against the Standard Webhooks reference library.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { FeedLink } from "@/components/feed-link";
import { feedPaths } from "@/lib/feeds/feeds";

export const metadata: Metadata = {
  title: "Verifying webhook signatures",
  description: "How a receiver checks that a Beacon Hub webhook request is genuine: headers, HMAC, rotation.",
};

const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";
const link = `text-amber-400 underline ${focus}`;
const code = "rounded bg-slate-900 px-1 font-mono text-sm text-amber-200";

const RECEIVER = `const http = require("node:http");
const crypto = require("node:crypto");
const key = Buffer.from(process.env.WEBHOOK_SECRET.replace(/^whsec_/, ""), "base64");

http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    const { "webhook-id": id, "webhook-timestamp": ts, "webhook-signature": sigs = "" } = req.headers;
    const fresh = Math.abs(Date.now() / 1000 - Number(ts)) < 300;
    const mac = crypto.createHmac("sha256", key).update(\`\${id}.\${ts}.\${body}\`).digest();
    const ok = sigs.split(" ").some((s) => {
      const given = Buffer.from(s.replace(/^v1,/, ""), "base64");
      return s.startsWith("v1,") && given.length === mac.length && crypto.timingSafeEqual(given, mac);
    });
    if (!fresh || !ok) return res.writeHead(401).end();
    const event = JSON.parse(body);
    console.log(event.type, event.data);
    res.writeHead(204).end();
  });
}).listen(8080);`;

const CLI = `beacon-hub webhooks verify --secret whsec_... --id <webhook-id> \\
  --timestamp <webhook-timestamp> --signature "<webhook-signature>" < body.json`;

function Code({ text, label }: { text: string; label: string }) {
  return (
    // A labelled, focusable region: keyboard users can scroll the long lines sideways.
    <pre
      tabIndex={0}
      role="region"
      aria-label={label}
      className={`overflow-x-auto rounded-lg border border-slate-800 bg-slate-950 p-3 font-mono text-xs text-slate-200 sm:text-sm ${focus}`}
    >
      <code>{text}</code>
    </pre>
  );
}

/** One part of the page: a titled section, its heading naming it for screen readers. */
function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function WebhookSignaturesPage() {
  return (
    <article className="mx-auto max-w-3xl space-y-6" aria-labelledby="signatures-title">
      <header className="space-y-2">
        <h1 id="signatures-title" className="text-2xl font-bold sm:text-3xl">
          Verifying webhook signatures
        </h1>
        <p className="text-slate-300">
          Anyone can send a request to your receiver&apos;s address. Before you act on one, check that Beacon Hub sent
          it: each request is signed with your webhook&apos;s secret, as the{" "}
          <a href="https://www.standardwebhooks.com/" className={link} rel="noreferrer">
            Standard Webhooks
          </a>{" "}
          specification (1.0.0) says, so any of its libraries can check it too. Discord webhooks need none of this:
          Discord checks its own.
        </p>
      </header>

      <Section id="headers" title="What each request carries">
        <dl className="space-y-2 text-slate-300">
          <div>
            <dt>
              <code className={code}>webhook-id</code>
            </dt>
            <dd className="pl-4">
              The event&apos;s id (<code className={code}>evt_…</code>), the same on every retry and on &ldquo;Send
              again&rdquo;: keep the ones you handled and ignore a repeat.
            </dd>
          </div>
          <div>
            <dt>
              <code className={code}>webhook-timestamp</code>
            </dt>
            <dd className="pl-4">When this attempt was sent, in Unix seconds.</dd>
          </div>
          <div>
            <dt>
              <code className={code}>webhook-signature</code>
            </dt>
            <dd className="pl-4">
              <code className={code}>v1,</code> and the base64 of an HMAC-SHA256. After you rotate the secret there are
              two, separated by a space, for 24 hours.
            </dd>
          </div>
        </dl>
      </Section>

      <Section id="check" title="How to check one">
        <ol className="list-decimal space-y-2 pl-5 text-slate-300">
          <li>Read the body as the bytes that arrived, before any JSON parsing: the signature covers them exactly.</li>
          <li>
            Take the key from your secret: the part after <code className={code}>whsec_</code>, decoded from base64 (the
            bytes, not the text).
          </li>
          <li>
            Compute HMAC-SHA256 with that key over{" "}
            <code className={code}>
              {"<webhook-id>"}.{"<webhook-timestamp>"}.{"<body>"}
            </code>{" "}
            (the three joined by dots).
          </li>
          <li>
            Accept the request when any <code className={code}>v1,</code> signature in the header equals it, compared in
            constant time; refuse it (401) otherwise.
          </li>
          <li>
            Refuse a timestamp more than five minutes from your clock, so a recorded request cannot be replayed later.
          </li>
        </ol>
      </Section>

      <Section id="node" title="A receiver in Node.js, with no dependencies">
        <p className="text-slate-300">
          Run it with <code className={code}>WEBHOOK_SECRET=whsec_…</code> set to your webhook&apos;s secret.
        </p>
        <Code text={RECEIVER} label="A webhook receiver in Node.js" />
      </Section>

      <Section id="cli" title="Checking one request you saved">
        <p className="text-slate-300">
          The beacon-hub command-line tool checks a saved request: it exits 0 when the signature matches. The headers
          are in the delivery log of your webhook&apos;s page.
        </p>
        <Code text={CLI} label="Checking a saved request with beacon-hub" />
      </Section>

      <Section id="secrets" title="Secrets and rotation">
        <p className="text-slate-300">
          A secret is shown once, when the webhook is made and when you rotate it. Rotate it from the webhook&apos;s
          page when you think it leaked: the old one keeps signing beside the new one for 24 hours, so update your
          receiver within that day. If every signature fails at once, the server&apos;s operator may have changed its
          key: rotate the secret and update your receiver.
        </p>
      </Section>

      <Section id="more" title="More">
        <ul className="list-disc space-y-1 pl-5 text-slate-300">
          <li>
            <Link href="/dashboard/webhooks" className={link}>
              Your webhooks
            </Link>{" "}
            (signed in): make one, send a test event, see each delivery.
          </li>
          <li>
            No server to receive them? Follow the same events in a feed reader:{" "}
            <FeedLink href={feedPaths.documents} what="new and updated documents" /> (each author&apos;s and each
            mod&apos;s page has its own).
          </li>
        </ul>
      </Section>
    </article>
  );
}

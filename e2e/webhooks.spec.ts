/**
 * The webhooks journey in Chromium, at 1280 and at 390 px: make a webhook in the
 * dashboard (its secret shown once), send a test event, see it delivered in the log (which
 * follows it without a reload),
 * rotate the secret (both secrets sign for the overlap); axe-core finds nothing serious
 * on either page and the phone layout does not scroll sideways. A loopback receiver
 * (the e2e server allows private hosts) checks every request's signature. Then a
 * stranger: another signed-in user gets a 404 for the page, and the server actions
 * refuse them (their own form's webhook id swapped for the owner's, as a forged request
 * would send it), as they refuse a request with no session; nothing of the owner's
 * webhook changes.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { Identity } from "@/lib/client/identity";
import { createDb } from "@/lib/db/client";
import { verifiedByReference } from "../test/support/standard-webhooks";
import { ARTIFACTS, axeClean } from "./helpers";
import { deleteIdentity, registerIdentity, signIn } from "./session";

interface Got {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Got[] = [];
let receiver: http.Server;
let receiverUrl = "";
const identities: Identity[] = [];

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (req.url === "/gone") res.writeHead(410).end("this hook is gone");
      else res.writeHead(200, { "content-type": "text/plain" }).end("thanks from the e2e receiver");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  for (const identity of identities) await deleteIdentity(identity);
  await new Promise((r) => receiver.close(r));
});

async function signedIn(browser: Browser, width: number) {
  const identity = await registerIdentity();
  identities.push(identity);
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  await signIn(context, identity);
  return { identity, context, page: await context.newPage() };
}

/** The test events the receiver got for one webhook. */
const requestsTo = (webhookId: string) =>
  received.filter((r) => (JSON.parse(r.body) as { data?: { webhook_id?: string } }).data?.webhook_id === webhookId);

// Checked by the Standard Webhooks reference library, never by our own verifier.
function signedBy(r: Got, secret: string) {
  return verifiedByReference(secret, r).valid;
}

/** Reloads the webhook's page until its log shows `n` delivered test events. */
async function deliveredTests(page: Page, n: number) {
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByTestId("delivery").filter({ hasText: "webhook.test" }).filter({ hasText: "delivered" }),
    ).toHaveCount(n, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** Makes a webhook through the dashboard's form; its id and secret. */
async function makeWebhook(page: Page, description: string, path = "/hook") {
  await page.goto("/dashboard/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await page.getByLabel("URL").fill(`${receiverUrl}${path}`);
  await page.getByRole("checkbox", { name: "document.published" }).check();
  await page.getByRole("checkbox", { name: "catalogue.changed" }).check();
  await page.getByLabel("Description").fill(description);
  await page.getByRole("button", { name: "Make webhook" }).click();
  const reveal = page.getByTestId("new-webhook-reveal");
  await expect(reveal).toContainText("shown only now");
  const secret = (await reveal.locator("code").textContent())!;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await page.getByRole("link", { name: description }).click();
  await expect(page.getByRole("heading", { level: 1, name: description })).toBeVisible();
  const id = page.url().split("/").pop()!;
  expect(id).toMatch(/^wh_/);
  return { id, secret };
}

for (const width of [1280, 390]) {
  test(`webhooks journey at ${width} px: make, send a test, see it in the log, rotate the secret`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await signedIn(browser, width);
    const description = `Journey hook ${width}`;
    await page.goto("/dashboard/webhooks");
    await axeClean(page, `/dashboard/webhooks at ${width}`);
    const { id, secret } = await makeWebhook(page, description);
    await expect(page.getByTestId("webhook-state")).toHaveText("Enabled");
    await expect(page.getByText("Nothing sent yet.")).toBeVisible();

    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.locator("#test-form-error")).toBeEmpty();
    await expect(page.getByRole("status").filter({ hasText: "queued" })).toBeVisible();
    // The log follows the delivery by itself, without a reload (components/dashboard/refresh-while).
    await expect(
      page.getByTestId("delivery").filter({ hasText: "webhook.test" }).filter({ hasText: "delivered" }),
    ).toHaveCount(1, { timeout: 20_000 });
    const first = requestsTo(id);
    expect(first).toHaveLength(1);
    expect(signedBy(first[0]!, secret)).toBe(true);
    // The log shows the receiver's answer and the webhook-id it was sent with.
    const entry = page.getByTestId("delivery").first();
    await expect(entry).toContainText(`webhook-id ${first[0]!.headers["webhook-id"]}`);
    await entry.getByText("Attempts and answers").click();
    await expect(entry).toContainText("HTTP 200");
    await expect(entry).toContainText("thanks from the e2e receiver");
    await axeClean(page, `/dashboard/webhooks/<id> at ${width}`);
    await page.screenshot({ path: `${ARTIFACTS}/pages/dashboard-webhook-${width}.png`, fullPage: true });

    await page.getByRole("button", { name: "Rotate secret" }).click();
    const reveal = page.getByTestId("rotate-reveal");
    await expect(reveal).toContainText("new secret");
    const rotated = (await reveal.locator("code").textContent())!;
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    // Times for people, never the raw ISO form.
    await expect(page.getByRole("status").filter({ hasText: "Secret rotated" })).toHaveText(
      /until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );
    await page.getByRole("button", { name: "Send test event" }).click();
    await deliveredTests(page, 2);
    await expect(page.getByText(/The previous one signs until/)).toBeVisible();
    const second = requestsTo(id).find((r) => r.headers["webhook-id"] !== first[0]!.headers["webhook-id"])!;
    // Both sign it while the old one overlaps: receivers not yet updated keep working.
    expect(String(second.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(signedBy(second, rotated)).toBe(true);
    expect(signedBy(second, secret)).toBe(true);

    // Send again: the same event, the same webhook-id.
    await page
      // Its name starts with the words it shows (WCAG 2.5.3, label in name).
      .getByRole("button", { name: /^Send again: webhook.test of / })
      .first()
      .click();
    await deliveredTests(page, 3);
    const ids = requestsTo(id).map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(2);
    await context.close();
  });
}

test("a webhook the service disabled says why on its page and in the list, and can be enabled again", async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, 390);
  await makeWebhook(page, "Gone hook", "/gone");
  await page.getByRole("button", { name: "Send test event" }).click();
  // A 410 Gone disables the webhook at once (docs/WEBHOOKS.md, "Delivery and retries").
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("webhook-state")).toContainText("Disabled:", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const reason = (await page.getByTestId("webhook-state").textContent())!.replace("Disabled: ", "");
  expect(reason).toMatch(/410/);
  const entry = page.getByTestId("delivery").first();
  await entry.getByText("Attempts and answers").click();
  await expect(entry).toContainText("HTTP 410");
  await expect(entry).toContainText("this hook is gone");
  await page.getByRole("link", { name: "All webhooks" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Gone hook" })).toContainText(`Disabled: ${reason}`);
  await page.getByRole("link", { name: "Gone hook" }).click();
  await page.getByRole("button", { name: "Enable webhook" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Enabled" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("webhook-state")).toHaveText("Enabled");
  await context.close();
});

test("a stranger can neither see nor change someone's webhook, signed in or not", async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await signedIn(browser, 1280);
  const mine = await makeWebhook(owner.page, "Owner's hook");
  const db = createDb(process.env.E2E_DATABASE_URL!);
  const before = await db.webhook.findUniqueOrThrow({ where: { id: mine.id } });
  try {
    const stranger = await signedIn(browser, 1280);
    const res = await stranger.page.goto(`/dashboard/webhooks/${mine.id}`);
    expect(res?.status()).toBe(404);
    // The stranger's own webhook page, its forms' requests carrying the owner's id instead.
    const theirs = await makeWebhook(stranger.page, "Stranger's hook");
    expect(theirs.id).toHaveLength(mine.id.length);
    await stranger.page.route(`**/dashboard/webhooks/${theirs.id}`, async (route) => {
      const body = route.request().postData();
      if (route.request().method() === "POST" && body?.includes(theirs.id))
        return route.continue({ postData: body.replaceAll(theirs.id, mine.id) });
      return route.continue();
    });
    for (const [button, form] of [
      ["Send test event", "test"],
      ["Rotate secret", "rotate"],
      ["Disable webhook", "enable"],
      ["Delete webhook", "delete"],
    ] as const) {
      await stranger.page.getByRole("button", { name: button }).click();
      await expect(stranger.page.locator(`#${form}-form-error`)).toContainText("You have no webhook with this id");
    }
    await stranger.page.unroute(`**/dashboard/webhooks/${theirs.id}`);

    // No session at all: the owner's own rotate request, replayed without its cookies.
    const sent = owner.page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined);
    await owner.page.getByRole("button", { name: "Send test event" }).click();
    const request = await sent;
    await deliveredTests(owner.page, 1);
    const anonymous = await browser.newContext();
    const replay = await anonymous.request.post(request.url(), {
      headers: Object.fromEntries(Object.entries(request.headers()).filter(([k]) => k !== "cookie")),
      data: request.postDataBuffer()!,
      maxRedirects: 0,
    });
    const to = replay.headers()["x-action-redirect"] ?? replay.headers()["location"] ?? "";
    expect(to, "no session: sent to sign-in, nothing run").toContain("/sign-in");
    await anonymous.close();

    const after = await db.webhook.findUniqueOrThrow({ where: { id: mine.id } });
    expect(after).toEqual(before);
    // One test event: the owner's; none from the stranger's forged requests or the replay.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await db.webhookDelivery.count({ where: { webhookId: mine.id } })).toBe(1);
    await stranger.context.close();
  } finally {
    await db.$disconnect();
    await owner.context.close();
  }
});

/**
 * GET /documents/<id>/game.ini[?difficulty=x][&revision=n]: the lines (of a kept revision with `revision`). POST: the Game.ini in the body
 * (any type but a form: text as sent) merged with them; the page's paste form sends
 * multipart with fields `ini` (pasted), `iniFile` (chosen) and `difficulty`. A form with
 * neither goes back to the page, which says what is missing (merging nothing would only
 * download the document's own lines). lib/documents/game-ini-export does the work.
 */
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { gameIniExport, gameIniMerge, MAX_MERGE_BYTES } from "@/lib/documents/game-ini-export";
import { readLimitedBody } from "@/lib/api/read-limited-body";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };
const reply = (r: { status: number; body: string; headers: Record<string, string> }) =>
  new Response(r.body, { status: r.status, headers: r.headers });

export async function GET(req: Request, { params }: Context): Promise<Response> {
  const query = new URL(req.url).searchParams;
  return reply(
    await gameIniExport(db(), {
      id: (await params).id,
      difficulty: query.get("difficulty"),
      revision: query.get("revision"),
      baseUrl: config().BASE_URL,
    }),
  );
}

export async function POST(req: Request, { params }: Context): Promise<Response> {
  const id = (await params).id;
  const query = new URL(req.url).searchParams;
  let difficulty = query.get("difficulty");
  let body: Uint8Array | "too-large";
  if ((req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    // A form's file field may carry the Game.ini; multipart adds a little around it.
    const raw = await readLimitedBody(req, MAX_MERGE_BYTES + 64 * 1024);
    const form =
      raw === "too-large"
        ? null
        : await new Response(Buffer.from(raw), { headers: { "content-type": req.headers.get("content-type")! } })
            .formData()
            .catch(() => null);
    const pasted = form?.get("ini");
    const chosen = form?.get("iniFile");
    const field =
      typeof pasted === "string" && pasted !== ""
        ? pasted
        : chosen instanceof Blob && chosen.size > 0
          ? chosen
          : pasted;
    difficulty = (form?.get("difficulty") as string | null) || difficulty;
    if (
      form &&
      (field === null || field === undefined || field === "" || (field instanceof Blob && field.size === 0))
    ) {
      const back = new URLSearchParams({ merge: "empty" });
      if (difficulty) back.set("difficulty", difficulty);
      return new Response(null, {
        status: 303,
        headers: { location: `/documents/${encodeURIComponent(id)}?${back}#merge` },
      });
    }
    body =
      raw === "too-large"
        ? raw
        : typeof field === "string"
          ? new TextEncoder().encode(field)
          : field
            ? new Uint8Array(await field.arrayBuffer())
            : new Uint8Array(0);
    if (body !== "too-large" && body.length > MAX_MERGE_BYTES) body = "too-large";
  } else {
    body = await readLimitedBody(req, MAX_MERGE_BYTES);
  }
  return reply(
    await gameIniMerge(db(), { id, difficulty, revision: query.get("revision"), baseUrl: config().BASE_URL, body }),
  );
}

/**
 * GET /documents/<id>/<file>[?difficulty=x][&revision=n] (file: game.ini or
 * gameusersettings.ini): the document's lines of that file (of a kept revision with
 * `revision`). POST: the file in the body (any type but a form: text as sent) merged with
 * them; the page's paste form sends multipart with fields `ini` (pasted), `iniFile`
 * (chosen) and `difficulty`. A form with neither goes back to the page, which says what is
 * missing (merging nothing would only download the document's own lines).
 * lib/documents/game-ini-export does the work.
 */
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { gameIniExport, gameIniMerge, MAX_MERGE_BYTES, mergeTooLarge } from "@/lib/documents/game-ini-export";
import { readLimitedBody } from "@/lib/api/read-limited-body";
import { routeHandler } from "@/lib/api/route-handler";
import type { IniFile } from "@/lib/server-config/options";

type Context = { params: Promise<{ id: string }> };

/** A form's ini file: the pasted text, else the chosen file; null when it holds neither. */
async function formGameIni(req: Request): Promise<{ body: Uint8Array | null; difficulty: string | null }> {
  // A form's file field may carry the Game.ini; multipart adds a little around it.
  const raw = await readLimitedBody(req, MAX_MERGE_BYTES + 64 * 1024, mergeTooLarge);
  const form = await new Response(Buffer.from(raw), { headers: { "content-type": req.headers.get("content-type")! } })
    .formData()
    .catch(() => null);
  const difficulty = (form?.get("difficulty") as string | null) || null;
  // A body that is not a form at all is merged as nothing (an empty Game.ini).
  if (!form) return { body: new Uint8Array(0), difficulty };
  const pasted = form.get("ini");
  const chosen = form.get("iniFile");
  if (typeof pasted === "string" && pasted !== "") return { body: new TextEncoder().encode(pasted), difficulty };
  if (chosen instanceof Blob && chosen.size > 0)
    return { body: new Uint8Array(await chosen.arrayBuffer()), difficulty };
  return { body: null, difficulty };
}

/** The GET and POST of one file's address. */
export function iniFileRoute(file: IniFile) {
  const GET = routeHandler(async (req: Request, { params }: Context) => {
    const query = new URL(req.url).searchParams;
    return gameIniExport(db(), {
      file,
      id: (await params).id,
      difficulty: query.get("difficulty"),
      revision: query.get("revision"),
      baseUrl: config().BASE_URL,
    });
  });

  const POST = routeHandler(async (req: Request, { params }: Context) => {
    const id = (await params).id;
    const query = new URL(req.url).searchParams;
    let difficulty = query.get("difficulty");
    let body: Uint8Array;
    if ((req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      const form = await formGameIni(req);
      difficulty = form.difficulty || difficulty;
      if (form.body === null) {
        const back = new URLSearchParams({ merge: "empty" });
        if (difficulty) back.set("difficulty", difficulty);
        return new Response(null, {
          status: 303,
          // Game.ini's merge form is on the document page; GameUserSettings.ini's on the settings page.
          headers: {
            location:
              file === "Game.ini"
                ? `/documents/${encodeURIComponent(id)}?${back}#merge`
                : `/documents/${encodeURIComponent(id)}/settings?${back}`,
          },
        });
      }
      if (form.body.length > MAX_MERGE_BYTES) throw mergeTooLarge();
      body = form.body;
    } else {
      body = await readLimitedBody(req, MAX_MERGE_BYTES, mergeTooLarge);
    }
    return gameIniMerge(db(), {
      file,
      id,
      difficulty,
      revision: query.get("revision"),
      baseUrl: config().BASE_URL,
      body,
    });
  });
  return { GET, POST };
}

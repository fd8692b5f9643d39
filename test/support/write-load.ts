/**
 * Sustained signed writes for the crash tests: loops that publish single documents,
 * document batches and engram batches, remembering what each request carried and how
 * it was answered, and a check that every write answered 200 is present and intact and
 * that no batch is half there. Likewise download loops, tallying per document the
 * downloads answered 200 (each must be counted) and those cut off (may be).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createClient } from "@/lib/client/http";
import type { Identity } from "@/lib/client/identity";
import { uidOf } from "@/lib/engrams/derive";

export interface Write {
  kind: "document" | "documents" | "engrams";
  /** HTTP status, or the connection error's code */
  outcome: number | string;
  /** Date.now() when the request was sent, and when its answer (or error) came */
  sentAt: number;
  answeredAt: number;
  documents: { id: string; sha256: string }[];
  engrams: { uid: string; label: string }[];
}

export interface WriteLoad {
  writes: Write[];
  stop(): Promise<void>;
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

function documentBody(): { bytes: Buffer; id: string } {
  const id = randomUUID();
  const json = JSON.stringify({
    Identifier: id,
    Title: `Crash ${id.slice(0, 8)}`,
    Description: "load",
    Payload: randomBytes(1024 + Math.floor(Math.random() * 16_384)).toString("base64"),
  });
  return { bytes: Buffer.from(json), id };
}

async function once(serverUrl: string, who: Identity, modId: string, n: number): Promise<Write> {
  const c = createClient({ serverUrl, identity: who });
  const kind = (["document", "documents", "engrams"] as const)[n % 3]!;
  const write: Write = { kind, outcome: "unsent", sentAt: 0, answeredAt: 0, documents: [], engrams: [] };
  let body: Buffer;
  let target: string;
  if (kind === "document") {
    const d = documentBody();
    write.documents.push({ id: d.id, sha256: sha(d.bytes) });
    body = d.bytes;
    target = "/v1/document.php";
  } else if (kind === "documents") {
    const docs = Array.from({ length: 5 }, documentBody);
    for (const d of docs) write.documents.push({ id: d.id, sha256: sha(d.bytes) });
    body = Buffer.from(`[${docs.map((d) => d.bytes.toString()).join(",")}]`);
    target = "/v1/document.php";
  } else {
    const tag = randomUUID().replace(/-/g, "").slice(0, 12);
    const items = Array.from({ length: 20 }, (_, i) => ({
      path: `/Game/Mods/Crash/E${tag}_${i}.E${tag}_${i}`,
      label: `Crash ${tag} ${i}`,
      mod_id: modId,
      environments: ["Island"],
      can_blueprint: i % 2 === 0,
    }));
    for (const e of items) write.engrams.push({ uid: uidOf(e.path), label: e.label });
    body = Buffer.from(JSON.stringify(items));
    target = "/v1/engram.php";
  }
  write.sentAt = Date.now();
  try {
    const res = await c.request("POST", target, { body, contentType: "application/json" });
    write.outcome = res.status;
  } catch (err) {
    write.outcome = (err as NodeJS.ErrnoException).code ?? "error";
  }
  write.answeredAt = Date.now();
  return write;
}

/** `serverUrl()` is read per request, so a restarted server on a new port gets the writes. */
export function startWriteLoad(options: {
  serverUrl: () => string;
  who: Identity;
  modId: string;
  concurrency: number;
}): WriteLoad {
  const writes: Write[] = [];
  let running = true;
  let n = 0;
  const loops = Array.from({ length: options.concurrency }, async () => {
    while (running) {
      const w = await once(options.serverUrl(), options.who, options.modId, n++);
      writes.push(w);
      if (w.outcome !== 200) await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    writes,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export interface Verification {
  acknowledged: number;
  /** acknowledged writes missing or changed */
  lost: string[];
  /** batches present only in part, or documents present with other bytes */
  torn: string[];
}

/** Reads everything back over HTTP. Downloads bump download_count, nothing else. */
export async function verifyWrites(serverUrl: string, writes: Write[], modId: string): Promise<Verification> {
  const c = createClient({ serverUrl });
  const list = await c.request("GET", `/v1/engram.php?mod_id=${modId}`);
  if (list.status !== 200) throw new Error(`engram listing failed: ${list.status}`);
  const engrams = new Map(list.json<{ uid: string; label: string }[]>().map((e) => [e.uid, e.label]));
  const out: Verification = { acknowledged: 0, lost: [], torn: [] };
  for (const w of writes) {
    const acked = w.outcome === 200;
    if (acked) out.acknowledged++;
    const present: boolean[] = [];
    for (const d of w.documents) {
      const res = await c.request("GET", `/v1/document.php/${d.id}`);
      if (res.status === 200) {
        present.push(true);
        if (sha(res.body) !== d.sha256) out.torn.push(`document ${d.id} has other bytes`);
      } else if (res.status === 404) {
        present.push(false);
        if (acked) out.lost.push(`document ${d.id} (${w.kind})`);
      } else throw new Error(`document ${d.id}: ${res.status}`);
    }
    for (const e of w.engrams) {
      const label = engrams.get(e.uid);
      present.push(label !== undefined);
      if (label !== undefined && label !== e.label) out.torn.push(`engram ${e.uid} has label ${label}`);
      if (acked && label === undefined) out.lost.push(`engram ${e.uid}`);
    }
    if (present.some(Boolean) && !present.every(Boolean))
      out.torn.push(
        `${w.kind} batch half there (${present.filter(Boolean).length}/${present.length}, answered ${w.outcome})`,
      );
  }
  return out;
}

export interface DownloadTally {
  /** answered 200: must be counted */
  acknowledged: number;
  /** the connection failed (the server died): counted or not */
  unknown: number;
  /** any other reply, by status */
  other: Record<string, number>;
}

export interface DownloadLoad {
  tallies: Map<string, DownloadTally>;
  acknowledged(): number;
  stop(): Promise<void>;
}

/**
 * Download loops over `ids`, tallying per document what was answered. `serverUrl()` is
 * read per request (a list of URLs: requests go round them, for several instances).
 */
export function startDownloadLoad(options: {
  serverUrl: () => string | string[];
  ids: string[];
  concurrency: number;
}): DownloadLoad {
  const tallies = new Map(options.ids.map((id) => [id, { acknowledged: 0, unknown: 0, other: {} } as DownloadTally]));
  let running = true;
  let n = 0;
  const loops = Array.from({ length: options.concurrency }, async () => {
    while (running) {
      const i = n++;
      const id = options.ids[i % options.ids.length]!;
      const urls = [options.serverUrl()].flat();
      const tally = tallies.get(id)!;
      try {
        const res = await createClient({ serverUrl: urls[i % urls.length]! }).request("GET", `/v1/document.php/${id}`);
        if (res.status === 200) tally.acknowledged++;
        else tally.other[res.status] = (tally.other[res.status] ?? 0) + 1;
      } catch {
        tally.unknown++;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
  return {
    tallies,
    acknowledged: () => [...tallies.values()].reduce((sum, t) => sum + t.acknowledged, 0),
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Each document's download_count (read with ?simple, which does not count) against its tally. */
export async function downloadCounts(
  serverUrl: string,
  load: DownloadLoad,
): Promise<{ id: string; count: number; tally: DownloadTally }[]> {
  const c = createClient({ serverUrl });
  const out = [];
  for (const [id, tally] of load.tallies) {
    const res = await c.request("GET", `/v1/document.php/${id}?simple`);
    if (res.status !== 200) throw new Error(`metadata of ${id}: ${res.status}`);
    out.push({ id, count: res.json<{ download_count: number }>().download_count, tally });
  }
  return out;
}

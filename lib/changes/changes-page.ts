/**
 * One reply of GET /v1/changes.php (docs/CONTRACT.md#changes), key by key in the order it is sent. Types
 * only: the client and the CLI's mirror (mirror.ts) read it without the server's code.
 */
import type { CreatureJson } from "@/lib/engrams/creature-json";
import type { EngramJson } from "@/lib/engrams/engram-json";

export type ChangeGroup = "engrams" | "creatures" | "mods";

/** A confirmed mod as the feed lists it (unconfirmed registrations are private). */
export interface FeedMod {
  mod_id: string;
  name: string;
  confirmed: boolean;
}

/** Something that no longer exists: an engram or creature (uid) or a mod (workshop id). */
export interface ExpiredRecord {
  group: ChangeGroup;
  object_id: string;
  label: string;
}

export interface ChangesPage {
  /** `YYYY-MM-DD HH:MM:SS+0000`: when the newest change this position covers was made */
  timestamp: string;
  /** where to continue: every change committed after it, each once */
  cursor: string;
  /** the same as cursor while more is waiting now; null once caught up */
  next_cursor: string | null;
  /** a page of a full read: a mirror starts from nothing and nothing is expired */
  is_full: boolean;
  engrams: EngramJson[];
  creatures: CreatureJson[];
  mods: FeedMod[];
  expired_records: ExpiredRecord[];
}

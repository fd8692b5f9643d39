/**
 * A document's server settings on its page, group by group: how many it sets and which
 * differ from the game's defaults ("MatingIntervalMultiplier 0.25 (default 1)"), with the
 * way to the settings page. A document that sets nothing shows its author the way in only.
 */
import Link from "@/components/intent-link";
import { focus } from "@/components/dashboard/styles";
import type { GroupSummary } from "@/lib/server-config/settings-editor";
import type { Game } from "@/lib/server-config/options";

const SHOWN = 5;

export function SettingsSummary({
  documentId,
  game,
  groups,
  isAuthor,
}: {
  documentId: string;
  game: Game;
  groups: GroupSummary[];
  isAuthor: boolean;
}) {
  const href = `/documents/${documentId}/settings`;
  const link = `text-amber-400 underline ${focus}`;
  if (groups.length === 0)
    return isAuthor ? (
      <p className="text-sm text-slate-300">
        No server settings yet.{" "}
        <Link href={href} className={link}>
          Set them or import your ini files
        </Link>
      </p>
    ) : null;
  return (
    <section
      aria-labelledby="settings-summary-title"
      className="space-y-2 rounded-lg border border-slate-800 p-4"
      data-testid="settings-summary"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="settings-summary-title" className="text-lg font-semibold">
          Server settings for {game.toUpperCase()}
        </h2>
        <Link href={href} className={`text-sm ${link}`}>
          {isAuthor ? "Edit the settings" : "All settings"}
        </Link>
      </div>
      <ul className="space-y-2 text-sm">
        {groups.map((g) => (
          <li key={g.id}>
            <Link href={`${href}?group=${g.id}`} className={`font-medium ${link}`}>
              {g.label}
            </Link>{" "}
            <span className="text-slate-400">
              {g.set} set, {g.differ.length} from the default
            </span>
            {g.differ.length > 0 && (
              <ul className="mt-1 space-y-0.5 pl-4 font-mono text-xs text-slate-300">
                {g.differ.slice(0, SHOWN).map((d, i) => (
                  <li key={`${d.key}-${i}`} className="break-all">
                    {d.key} {d.value}
                    {d.default !== undefined && <span className="text-slate-400"> (default {d.default})</span>}
                  </li>
                ))}
                {g.differ.length > SHOWN && <li className="text-slate-400">and {g.differ.length - SHOWN} more</li>}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

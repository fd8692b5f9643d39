/** pull_url of a confirmed mod, its last outcome (mod_pulls) and "pull now". */
import { pullNowAction, setPullUrlAction } from "@/app/dashboard/pull-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { card } from "@/components/dashboard/styles";
import { formatUtc } from "@/lib/portal/format";

export interface PullState {
  status: string;
  message: string | null;
  added: number;
  updated: number;
  removed: number;
  lastAttemptAt: Date | null;
  nextRunAt: Date;
}

const when = (d: Date | null) => (d ? formatUtc(d) : "never");

function Outcome({ pull }: { pull: PullState }) {
  if (pull.status === "pending")
    return <p className="text-sm text-slate-300">Not pulled yet; next run {when(pull.nextRunAt)}.</p>;
  return (
    <div className="text-sm" data-testid="pull-outcome">
      <p>
        Last pull {when(pull.lastAttemptAt)}:{" "}
        {pull.status === "error" ? (
          <span className="text-rose-300">failed</span>
        ) : pull.status === "unchanged" ? (
          "file unchanged"
        ) : (
          `${pull.added} added, ${pull.updated} updated, ${pull.removed} removed`
        )}
        .
      </p>
      {pull.message && <p className="text-rose-200">{pull.message}</p>}
      <p className="text-slate-400">Next run {when(pull.nextRunAt)}.</p>
    </div>
  );
}

export function PullSettings({
  modId,
  pullUrl,
  pull,
}: {
  modId: string;
  pullUrl: string | null;
  pull: PullState | null;
}) {
  return (
    <div className={card}>
      <h2 className="text-lg font-semibold">Automatic pull</h2>
      <p className="text-sm text-slate-400">
        The service fetches this URL periodically (JSON engram list or CSV) and makes the mod&apos;s engrams match it
        exactly. A file whose rows name a kind (engram or creature) governs the mod&apos;s creatures too: creatures it
        lacks are removed, so serve both kinds in it. Leave empty to stop pulling.
      </p>
      <ActionForm
        id="pull"
        action={setPullUrlAction}
        hidden={{ mod_id: modId }}
        fields={[
          {
            name: "pull_url",
            label: "Pull URL",
            defaultValue: pullUrl ?? "",
            placeholder: "https://example.com/engrams.csv",
            mono: true,
          },
        ]}
        submitLabel="Save pull URL"
      />
      {pull && <Outcome pull={pull} />}
      {pullUrl && (
        <ActionForm
          id="pull-now"
          action={pullNowAction}
          hidden={{ mod_id: modId }}
          submitLabel="Pull now"
          variant="secondary"
        />
      )}
    </div>
  );
}

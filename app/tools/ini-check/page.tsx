/**
 * /tools/ini-check: the ini doctor (lib/ini-doctor, docs/INI-DOCTOR.md) for people: paste a
 * server's Game.ini and GameUserSettings.ini, see every problem with why it matters and its
 * fix, and take the fixed files. The same check as POST /v1/ini-check.php and
 * `beacon-hub ini check`.
 */
import type { Metadata } from "next";
import { checkIniAction } from "./actions";
import { IniCheckForm } from "@/components/ini-doctor/ini-check-form";

export const metadata: Metadata = {
  title: "Check your server's ini files",
  description:
    "Find the settings your ARK server ignores: wrong file or section, misspelt keys, values out of range, duplicates.",
};

export default function IniCheckPage() {
  return (
    <section className="space-y-6 [overflow-wrap:anywhere]" aria-labelledby="ini-check-title">
      <header className="space-y-2">
        <h1 id="ini-check-title" className="text-2xl font-bold sm:text-3xl">
          Check your server&apos;s ini files
        </h1>
        <p className="text-slate-300">
          The game ignores a setting in the wrong file or section, a misspelt key or a value it cannot read, and says
          nothing. Paste your files: every setting is checked against the game&apos;s own table of options, with the fix
          when there is a sure one. Nothing you paste is kept.
        </p>
      </header>
      <IniCheckForm action={checkIniAction} />
    </section>
  );
}

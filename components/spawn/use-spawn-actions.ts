"use client";
/**
 * What the reader does with a spawn view's rows: copy one command, copy every visible
 * one, export them as JSON. Each says how it went in the page's status line (read out
 * by screen readers); a copy that fails says so instead of claiming success.
 */
import { useCallback, useState } from "react";
import type { CommandOf, RowCommand } from "@/lib/spawn/row-command";
import { exportFileName, spawnCommands, spawnExport } from "@/lib/spawn/spawn-export";
import type { SpawnMod, SpawnRow } from "@/lib/spawn/spawn-filter";
import type { SpawnTab } from "@/lib/spawn/spawn-view";
import { copyText, downloadText } from "./copy-text";
import { countOf } from "@/lib/portal/format";

interface Input {
  tab: SpawnTab;
  noun: string;
  rows: SpawnRow[];
  mods: SpawnMod[];
  visible: number[];
  commandOf: CommandOf | null;
  commandFor: ((key: number) => RowCommand) | null;
  setStatus: (status: string) => void;
}

export function useSpawnActions({ tab, noun, rows, mods, visible, commandOf, commandFor, setStatus }: Input) {
  /** the row whose command was copied last, marked in the table until another action */
  const [copied, setCopied] = useState<number | null>(null);

  const copyOne = useCallback(
    (i: number) => {
      if (!commandFor) return;
      const label = rows[i]![0];
      void copyText(commandFor(i).command).then((ok) => {
        setCopied(ok ? i : null);
        setStatus(ok ? `Copied the command for ${label}.` : "Copying failed; select the command and copy it by hand.");
      });
    },
    [rows, commandFor, setStatus],
  );

  // What the rows show, each as the reader left it.
  const copyAll = () => {
    if (!commandFor) return;
    void copyText(spawnCommands(visible, commandFor).join("\n")).then((ok) => {
      setCopied(null);
      setStatus(ok ? `Copied ${visible.length} commands, one per line.` : "Copying failed.");
    });
  };

  const exportJson = () => {
    if (!commandOf) return;
    const doc = spawnExport(rows, mods, visible, commandOf, window.location.href, new Date(), tab);
    downloadText(JSON.stringify(doc, null, 2), exportFileName(tab), "application/json");
    setStatus(`Exported ${countOf(visible.length, noun, `${noun}s`)} as ${exportFileName(tab)}.`);
  };

  return { copied, setCopied, copyOne, copyAll, exportJson };
}

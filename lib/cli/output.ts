/** Text output helpers of the CLI: aligned tables on stdout, a progress bar on stderr. */

/** Columns padded to their widest cell; the last column is not padded. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

export interface Progress {
  /** `note` follows the counts, e.g. a rate */
  update(done: number, note?: string): void;
  finish(): void;
}

/**
 * A bar redrawn in place on a terminal; elsewhere (pipes, CI logs) one line per update,
 * so logs stay readable.
 */
export function progressBar(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const width = 30;
  const render = (done: number, note?: string) => {
    const filled = total === 0 ? width : Math.min(width, Math.round((done / total) * width));
    const pct = total === 0 ? 100 : Math.floor((done * 100) / total);
    return `${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} (${pct}%)${note ? ` ${note}` : ""}`;
  };
  return {
    update(done, note) {
      // \x1b[K clears what a longer earlier line left on the terminal.
      if (stream.isTTY) stream.write(`\r${render(done, note)}\x1b[K`);
      else stream.write(`${render(done, note)}\n`);
    },
    finish() {
      if (stream.isTTY) stream.write("\n");
    },
  };
}

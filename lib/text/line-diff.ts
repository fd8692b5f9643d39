/**
 * The lines two texts differ by, in order: kept, removed and added lines (Myers' O(ND)
 * diff, the one `diff` and git use), for showing what a fix changed. `maxChanges` bounds the
 * work: two texts further apart than that give null (the caller shows both in full).
 */

export type DiffLine = { kind: "same" | "removed" | "added"; text: string };

export function lineDiff(before: string, after: string, maxChanges = 2000): DiffLine[] | null {
  const a = before.split("\n");
  const b = after.split("\n");
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxChanges);
  const offset = max + 1;
  // v[k + offset]: the furthest x on diagonal k; one copy per step d to walk back.
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[k - 1 + offset]! < v[k + 1 + offset]!);
      let x = down ? v[k + 1 + offset]! : v[k - 1 + offset]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[k + offset] = x;
      if (x >= n && y >= m) return walkBack([...trace, next], a, b, offset, d, k);
    }
    v = next;
  }
  return null;
}

function walkBack(trace: Int32Array[], a: string[], b: string[], offset: number, d: number, k: number): DiffLine[] {
  const out: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let step = d; step > 0; step--) {
    const v = trace[step]!;
    const down = k === -step || (k !== step && v[k - 1 + offset]! < v[k + 1 + offset]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[prevK + offset]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      out.push({ kind: "same", text: a[x]! });
    }
    if (down) out.push({ kind: "added", text: b[--y]! });
    else out.push({ kind: "removed", text: a[--x]! });
    k = prevK;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    out.push({ kind: "same", text: a[x]! });
  }
  return out.reverse();
}

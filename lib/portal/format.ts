/** Dates and numbers on portal pages: UTC, so server output never depends on its zone. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

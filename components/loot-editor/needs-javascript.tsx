/** The editor is a client component: without JavaScript it cannot run, and says so. */
export function NeedsJavaScript() {
  return (
    <noscript>
      <p className="rounded border border-amber-700 p-3 text-sm text-amber-100">
        The loot editor needs JavaScript. Documents can still be read, downloaded and exported to Game.ini without it,
        and published with the beacon-hub command-line client.
      </p>
    </noscript>
  );
}

export default function HomePage() {
  return (
    <section className="space-y-4">
      <h1 className="text-3xl font-bold">Beacon Hub</h1>
      <p className="text-slate-300">
        A self-hostable catalogue and cloud store for ARK: Survival Evolved community content: mods and their
        engrams with admin spawn commands, and configuration documents anyone can download. Game clients speak to
        it over the Beacon v1 API at <code className="text-amber-300">/v1/</code>.
      </p>
    </section>
  );
}

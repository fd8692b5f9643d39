import Link from "@/components/intent-link";

/** notFound() from the spawn page: an unknown or unconfirmed mod id. */
export default function ModNotRegistered() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">This mod is not registered</h1>
      <p className="text-slate-300">
        No confirmed mod with this workshop id is registered with Beacon Hub, so it has no spawn codes here. Its author
        can register and confirm it through the v1 API.
      </p>
      <p>
        <Link
          href="/spawn/"
          className="text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
        >
          Browse all spawn codes
        </Link>
      </p>
    </section>
  );
}

import Link from "next/link";

export default function DocumentNotFound() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Document not found</h1>
      <p className="text-slate-300">No published document has this id. It may have been deleted by its author.</p>
      <p>
        <Link href="/documents" className="text-amber-400 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400">
          Browse all documents
        </Link>
      </p>
    </section>
  );
}

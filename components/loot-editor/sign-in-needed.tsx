/** What the editor's pages say to a visitor who is not signed in. */
import Link from "@/components/intent-link";

export function SignInNeeded({ next, what }: { next: string; what: string }) {
  return (
    <div className="space-y-3 rounded-lg border border-slate-800 p-4" data-testid="sign-in-needed">
      <p>
        Only signed-in users can {what}: documents are published under a Beacon identity.{" "}
        <Link
          href={`/sign-in?next=${encodeURIComponent(next)}`}
          className="font-semibold text-amber-400 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
        >
          Sign in
        </Link>{" "}
        with your identity (or create one there), and you will come back here.
      </p>
      <p className="text-sm text-slate-400">Everyone can read and download every document without signing in.</p>
    </div>
  );
}

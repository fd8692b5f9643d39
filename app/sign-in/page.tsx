/** /sign-in: identities are key pairs; see components/dashboard/sign-in-panel.tsx. */
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInPanel } from "@/components/dashboard/sign-in-panel";
import { safeNextPath } from "@/lib/dashboard/safe-next";
import { currentUserId } from "@/lib/dashboard/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = safeNextPath((await searchParams).next);
  if (await currentUserId()) redirect(next ?? "/dashboard");
  return (
    <section className="space-y-6" aria-labelledby="sign-in-title">
      <header className="space-y-2">
        <h1 id="sign-in-title" className="text-2xl font-bold sm:text-3xl">Mod owner sign-in</h1>
        <p className="text-slate-300">Your Beacon identity is a key pair. The browser proves it holds the private key by signing a one-time challenge.</p>
      </header>
      <SignInPanel next={next} />
    </section>
  );
}

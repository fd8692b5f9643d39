/**
 * /recover, public: a lost identity file replaced with one recovery code
 * (components/dashboard/recover-account.tsx). The key is made in the browser; the server
 * sees only its public half and the code.
 */
import type { Metadata } from "next";
import { RecoverAccount } from "@/components/dashboard/recover-account";

export const metadata: Metadata = { title: "Recover an account" };

export default function RecoverPage() {
  return (
    <section className="space-y-6" aria-labelledby="recover-title">
      <header className="space-y-3">
        <h1 id="recover-title" className="text-2xl font-bold sm:text-3xl">
          Recover an account
        </h1>
        <p className="text-slate-300">
          Lost your identity file, or think someone else has it? Enter your user id (it is in the recovery codes&apos;
          file) and one of your recovery codes. This browser makes a new key; every older key of the account stops
          working, and the code is spent.
        </p>
      </header>
      <noscript>
        <p className="rounded-lg border border-amber-400 p-4 text-amber-100">
          Recovering needs JavaScript: the new key is made inside your browser.
        </p>
      </noscript>
      <RecoverAccount />
    </section>
  );
}

/**
 * /sign-in, for everyone who publishes (documents, mods, webhooks): what signing in is for, what an identity is (in plain
 * words; the technical account waits in "How it works"), then creating one or signing in
 * (components/dashboard/sign-in-panel.tsx). Players never need to sign in.
 */
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInPanel } from "@/components/dashboard/sign-in-panel";
import { config } from "@/lib/config";
import { safeNextPath } from "@/lib/dashboard/safe-next";
import { currentUserId } from "@/lib/dashboard/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  // ?again: a signed-in person signing once more, for a change that needs a recent signature.
  const again = params.again !== undefined && (await currentUserId()) !== null;
  if (!again && (await currentUserId())) redirect(next ?? "/dashboard");
  return (
    <section className="space-y-6" aria-labelledby="sign-in-title">
      <header className="space-y-4">
        <h1 id="sign-in-title" className="text-2xl font-bold sm:text-3xl">
          {again ? "Sign in again" : "Sign in to Beacon Hub"}
        </h1>
        {again && (
          <p className="rounded-lg border border-amber-400 p-4 text-amber-100">
            You are signed in, but changing keys, recovery codes or API tokens needs a signature made just now. Sign in
            once more with your identity file below; you go back where you were.
          </p>
        )}
        <p className="text-slate-300">
          Already have your identity file?{" "}
          <a href="#file-title" className={`inline-block py-2 text-amber-400 underline ${focus}`}>
            Sign in with it
          </a>
          .
        </p>
        <p className="text-slate-300">
          Reading needs no account: spawn codes and shared documents are open to everyone. Signed in, you can:
        </p>
        <ul className="list-disc space-y-1 pl-5 text-slate-300">
          <li>make and share loot documents with the loot editor, or publish files saved by the Beacon app;</li>
          <li>get told of changes by webhook, and make API tokens for your own tools;</li>
          <li>register your Steam Workshop mod with Beacon Hub;</li>
          <li>prove the mod is yours, by pasting a short code into its Workshop description;</li>
          <li>publish its items, so players find their spawn codes here and in Beacon;</li>
          <li>choose the name shown on what you publish.</li>
        </ul>
        <div className="space-y-2 rounded-lg border border-slate-800 p-4">
          <h2 className="font-semibold">What is an identity?</h2>
          <p className="text-sm text-slate-300">
            Beacon Hub has no passwords and no e-mail. Your identity is a small file, made in your browser, holding a
            secret key. Whoever has the file can sign in as you: keep it like a password. If it is lost, one of the
            recovery codes you are given with it lets you{" "}
            <a href="/recover" className="text-amber-400 underline">
              recover the account
            </a>{" "}
            with a new key. The beacon-hub command-line tool uses the same file.
          </p>
          <details className="text-sm text-slate-300">
            <summary className={`cursor-pointer py-2 font-medium text-slate-200 ${focus}`}>How it works</summary>
            <div className="mt-2 space-y-2">
              <p>
                Creating an identity makes an RSA-2048 key pair with the browser&apos;s WebCrypto and registers only its
                public key (<code className="font-mono">POST /v1/user.php</code>); the identity file holds your user id
                and the private key (PKCS#8 PEM), in the same format as the CLI&apos;s.
              </p>
              <p>
                Signing in asks the server for a one-time challenge (random, bound to your user id, valid 5 minutes,
                usable once); the browser signs it with the private key and the server checks the signature against your
                public key. The private key never leaves your device; the session is a signed cookie that lasts 8 hours.
              </p>
            </div>
          </details>
        </div>
      </header>
      <noscript>
        <p className="rounded-lg border border-amber-400 p-4 text-amber-100">
          Signing in needs JavaScript: your key is used inside your browser and never sent to the server. Turn
          JavaScript on for this page, or use the beacon-hub command-line tool.
        </p>
      </noscript>
      <SignInPanel next={next} baseUrl={config().BASE_URL} />
    </section>
  );
}

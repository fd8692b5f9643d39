/**
 * The notice of a page whose credential changes need a recent sign-in
 * (lib/sign-in/fresh-signature.ts): why, and the way back to this page after signing in.
 */
import { signInAgainPath } from "@/lib/sign-in/fresh-signature";

export function SignInAgain({ message, next }: { message: string; next: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-amber-400 p-4 text-amber-100" data-testid="sign-in-again">
      <p>{message}</p>
      <p>
        <a href={signInAgainPath(next)} className="inline-block py-2 font-semibold text-amber-400 underline">
          Sign in again
        </a>{" "}
        <span className="text-sm text-slate-300">with your identity file; you come back here.</span>
      </p>
    </div>
  );
}

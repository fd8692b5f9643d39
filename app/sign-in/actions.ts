"use server";
/** Sign-in server actions: thin adapters over lib/sign-in and next-auth. */
import { headers } from "next/headers";
import { AuthError } from "next-auth";
import { answerApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { signIn, signOut } from "@/lib/dashboard/auth";
import { safeNextPath } from "@/lib/dashboard/safe-next";
import { PEER_ADDRESS_HEADER, signInAddress } from "@/lib/dashboard/sign-in-address";
import { db } from "@/lib/db/client";
import { checkSignIn } from "@/lib/rate-limit/sign-in";
import { serviceRateLimiter } from "@/lib/rate-limit/service";
import { issueChallenge } from "@/lib/sign-in/challenges";

export type ChallengeReply = { ok: true; challenge: string; content: string } | { ok: false; message: string };

/** Each sign-in attempt starts here, so this is where attempts are counted. */
export async function requestChallenge(userId: string): Promise<ChallengeReply> {
  const cfg = config();
  return answerApiError(
    async (): Promise<ChallengeReply> => {
      const h = await headers();
      const address = signInAddress(h.get(PEER_ADDRESS_HEADER), h.get("x-forwarded-for"), cfg.TRUST_PROXY);
      checkSignIn(serviceRateLimiter(), {
        address,
        account: String(userId),
        perMinute: cfg.RATE_LIMIT_SIGNIN_PER_MINUTE,
      });
      const c = await issueChallenge(db(), { userId: String(userId), baseUrl: cfg.BASE_URL });
      return { ok: true, challenge: c.challengeId, content: c.content };
    },
    (err): ChallengeReply => ({ ok: false, message: err.message }),
  );
}

/** On success next-auth redirects (a thrown redirect) to `next` or the dashboard; otherwise the reason comes back. */
export async function completeSignIn(input: {
  userId: string;
  challenge: string;
  signature: string;
  next?: string;
}): Promise<{ message: string }> {
  try {
    const redirectTo = safeNextPath(input.next) ?? "/dashboard";
    await signIn("credentials", {
      user_id: input.userId,
      challenge: input.challenge,
      signature: input.signature,
      redirectTo,
    });
  } catch (err) {
    if (err instanceof AuthError)
      return {
        message:
          "The signature does not match this identity's public key, or the challenge expired. Check the key and try again.",
      };
    throw err;
  }
  return { message: "" };
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}

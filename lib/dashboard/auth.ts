/**
 * next-auth for the dashboard. One Credentials provider: the browser signs a
 * one-time challenge (lib/sign-in/challenges.ts) and we verify it against the stored
 * public key. Sessions are JWT cookies (no session table); the user id is `sub`, and
 * `key` is the fingerprint of the key that signed in, so revoking that key ends the
 * session (lib/dashboard/session.ts checks it on every request); `signed_at` is when it
 * signed, for the changes that need a recent signature (lib/sign-in/fresh-signature.ts).
 * The configuration is read lazily, per request, because AUTH_SECRET is set by
 * server.ts at start-up (lib/server/auth-secret.ts), after this module may be loaded.
 */
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { keyFingerprint } from "@/lib/keys/keys";
import { redeemChallenge } from "@/lib/sign-in/challenges";

class ChallengeRefused extends CredentialsSignin {
  override code = "challenge_refused";
}

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

function authConfig(): NextAuthConfig {
  return {
    secret: process.env.AUTH_SECRET,
    // Behind the custom server the Host header is the only address we have; BASE_URL
    // is not used here so a dashboard reached by LAN address still works.
    trustHost: true,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      Credentials({
        credentials: { user_id: {}, challenge: {}, signature: {} },
        async authorize(credentials) {
          const result = await redeemChallenge(db(), {
            userId: credentials.user_id,
            challengeId: credentials.challenge,
            signature: credentials.signature,
            baseUrl: config().BASE_URL,
          });
          if (!result.ok) throw new ChallengeRefused();
          return { id: result.userId, key: keyFingerprint(result.pem) } as { id: string };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        // A sign-in: when the key signed its challenge (lib/sign-in/fresh-signature.ts).
        if (user?.id) {
          token.sub = user.id;
          token.signed_at = Math.floor(Date.now() / 1000);
        }
        const key = (user as { key?: unknown } | undefined)?.key;
        if (typeof key === "string") token.key = key;
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        if (typeof token.key === "string") (session as { key?: string }).key = token.key;
        if (typeof token.signed_at === "number") (session as { signedAt?: number }).signedAt = token.signed_at;
        return session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => authConfig());

/** next-auth's routes (sign-in callback, CSRF token, session, sign-out). */
import { handlers } from "@/lib/dashboard/auth";

export const dynamic = "force-dynamic";
export const { GET, POST } = handlers;

"use client";
/**
 * The portal's link: next/link without viewport prefetching. Next.js renders every visible
 * link's page on the server in advance, 8 to 18 pages per view, most never visited (65 %
 * of the server's GETs over a walk through the portal, docs/BENCHMARKS.md "Phone speed").
 * Here a page is asked for only on intent: the pointer resting on the link (a pointer
 * passing over it on its way elsewhere asks nothing), keyboard focus, or a touch starting,
 * each a moment before the click that follows. Every app/ and components/ file links
 * through this (eslint.config.js refuses next/link elsewhere).
 */
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { PrefetchKind } from "next/dist/client/components/router-reducer/router-reducer-types";
import { useRef, type ComponentProps } from "react";

type Props = Omit<ComponentProps<typeof NextLink>, "prefetch">;

/** How long the pointer rests on a link before it counts as intent (instant.page uses 65 ms). */
const REST_MS = 80;

/**
 * Where the pointer was at the last click on a link. A link that comes to lie under a
 * pointer that has not moved since (the next page laid out beneath it) is not one the
 * user pointed at: Chromium still sends it mouseenter. Module state, so it outlives the
 * client-side navigation the click started.
 */
let clickedAt: { x: number; y: number } | null = null;

export default function Link({ onMouseEnter, onMouseLeave, onFocus, onTouchStart, onClick, href, ...rest }: Props) {
  const router = useRouter();
  const resting = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const target = typeof href === "string" ? href : null;
  // Only links within the portal. The whole page, not the partial "auto" prefetch of a
  // dynamic route: the click that follows then renders from it without asking again, and
  // the router keeps it (staleTimes.static, 5 minutes), so a second intent asks nothing.
  // Never the page already shown: after a click the pointer rests on the new page's header
  // link to itself (the header stays put), which would render the page a second time.
  const prefetch = () => {
    if (target === null || !target.startsWith("/") || target.startsWith("//")) return;
    if (target === window.location.pathname + window.location.search) return;
    router.prefetch(target, { kind: PrefetchKind.FULL });
  };
  return (
    <NextLink
      {...rest}
      href={href}
      prefetch={false}
      onMouseEnter={(e) => {
        clearTimeout(resting.current);
        const still = clickedAt !== null && clickedAt.x === e.screenX && clickedAt.y === e.screenY;
        if (!still) resting.current = setTimeout(prefetch, REST_MS);
        onMouseEnter?.(e);
      }}
      onClick={(e) => {
        clickedAt = { x: e.screenX, y: e.screenY };
        onClick?.(e);
      }}
      onMouseLeave={(e) => {
        clearTimeout(resting.current);
        onMouseLeave?.(e);
      }}
      onFocus={(e) => {
        // Keyboard focus only: a mouse focuses the link on the press that clicks it, when the
        // rest on it has asked already (and asking again renders the page a second time).
        if (e.currentTarget.matches(":focus-visible")) prefetch();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        prefetch();
        onTouchStart?.(e);
      }}
    />
  );
}

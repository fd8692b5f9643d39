"use client";
/**
 * A link to another view of the spawn page: without JavaScript (or opened in a new tab)
 * it loads that URL and the server renders the view; with it, the view changes in place.
 */
import type { MouseEvent, ReactNode } from "react";

interface Props {
  href: string;
  onFollow: () => void;
  className?: string;
  /** the view shown now (aria-current) */
  current?: boolean;
  children: ReactNode;
}

export const linkStyle =
  "text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export function ViewLink({ href, onFollow, className = linkStyle, current, children }: Props) {
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onFollow();
  };
  return (
    <a href={href} onClick={follow} className={className} aria-current={current ? "page" : undefined}>
      {children}
    </a>
  );
}

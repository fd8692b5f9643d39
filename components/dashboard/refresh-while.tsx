"use client";
/**
 * Refreshes the page's server data every few seconds while `active` (a webhook's delivery
 * log with a delivery still pending), so a test event's outcome shows without a reload.
 * It stops by itself after a while: a receiver that keeps failing is retried for hours,
 * and a page left open should not poll for that long.
 */
import { useRouter } from "next/navigation";
import { useEffect } from "react";

const EVERY_MS = 2000;
const AT_MOST = 90;

export function RefreshWhile({ active }: { active: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    let left = AT_MOST;
    const timer = setInterval(() => {
      if (--left <= 0) clearInterval(timer);
      router.refresh();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [active, router]);
  return null;
}

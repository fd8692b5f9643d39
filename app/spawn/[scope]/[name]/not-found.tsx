"use client";
/** notFound() from an item or creature page, as client-side navigation shows it (the server renders app/not-found.tsx with the same words). */
import { usePathname } from "next/navigation";
import { NotFoundSection } from "@/components/not-found-section";
import { notFoundMessage } from "@/lib/portal/not-found-message";

export default function EntryNotFound() {
  return <NotFoundSection message={notFoundMessage(usePathname())} />;
}

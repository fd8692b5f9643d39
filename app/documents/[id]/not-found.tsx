/** notFound() from a document's page, as client-side navigation shows it (the server renders app/not-found.tsx with the same words). */
import { NotFoundSection } from "@/components/not-found-section";
import { DOCUMENT_NOT_FOUND } from "@/lib/portal/not-found-message";

export default function DocumentNotFound() {
  return <NotFoundSection message={DOCUMENT_NOT_FOUND} />;
}

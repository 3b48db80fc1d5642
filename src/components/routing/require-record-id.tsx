import { isRecordId } from "@core/domain/record-id";
import type { ReactNode } from "react";
import { useMatch } from "react-router";
import { LazyNotFoundPage } from "@/components/error-page/lazy-error-page";

export interface RequireRecordIdProps {
  /** The address of a record, its id as `:id` (e.g. `/label-reports/:id`). */
  pattern: string;
  /** Fixed routes that take the id's place under the same element (`filters`). */
  others?: readonly string[];
  children: ReactNode;
}

/**
 * An address that fails the page's validation is a fatal not-found (404 with
 * the path). Asking the server anyway showed its field error (`id: must match format "uuid"`)
 * where the person expected the page or the not-found page.
 */
export function RequireRecordId({ pattern, others = [], children }: RequireRecordIdProps) {
  const id = useMatch(pattern)?.params.id;
  if (id !== undefined && !others.includes(id) && !isRecordId(id)) return <LazyNotFoundPage />;
  return children;
}

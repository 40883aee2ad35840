import { createContext, type ReactNode, useContext } from "react";

/** Why the forms of a part of the page cannot submit (null: they can). */
const ReadOnlyReason = createContext<string | null>(null);

/**
 * Makes every form's submit button inside it disabled, with `reason` as its description: for a view
 * of the site in which nothing can be changed. The server refuses such submits anyway; this keeps
 * people from filling in a form only to be told so.
 */
export function ReadOnly({ reason, children }: { reason: string | null; children: ReactNode }) {
  return <ReadOnlyReason.Provider value={reason}>{children}</ReadOnlyReason.Provider>;
}

/** The reason forms here cannot submit, or null. */
export function useReadOnlyReason(): string | null {
  return useContext(ReadOnlyReason);
}

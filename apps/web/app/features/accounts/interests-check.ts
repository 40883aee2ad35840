import { areInterestsComplete, type Interests } from "@aea/domain";

/** Whether a buyer's interests are complete enough to match deals; unknown answers count as complete. */
export async function interestsComplete(): Promise<boolean> {
  try {
    const response = await fetch("/api/UserInterests/GetInterests", {
      headers: { accept: "application/json" },
    });
    if (!response.ok) return true;
    return areInterestsComplete((await response.json()) as Interests);
  } catch {
    return true;
  }
}

import { areInterestsComplete, type Interests } from "@aea/domain";
import { apiFetch } from "../../lib/api-fetch";

/** Whether a buyer's interests are complete enough to match deals; unknown answers count as complete. */
export async function interestsComplete(): Promise<boolean> {
  try {
    const response = await apiFetch("/api/UserInterests/GetInterests", {
      headers: { accept: "application/json" },
    });
    if (!response.ok) return true;
    return areInterestsComplete((await response.json()) as Interests);
  } catch {
    return true;
  }
}

import type { SessionUser } from "@aea/domain";
import type { AppContext } from "../../app-context";

/** Who is acting on a user's page, in the shapes the core's services take. */
export interface StaffRequest {
  app: AppContext;
  request: Request;
  formData: FormData;
  /** The user the page is about. */
  userId: number;
  /** The admin and the session they act in. */
  staff: { user: SessionUser; sessionToken: string | undefined };
}

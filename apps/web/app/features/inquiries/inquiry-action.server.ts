import { VALID_EMAIL_REQUIRED } from "@aea/domain";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { ObjectSchema } from "../../lib/forms/use-schema-form";
import type { InquiryActionData } from "./inquiry-form";

/**
 * The one action of an inquiry form (contact, seller), posted with or without JavaScript: the domain
 * schema checks it, `send` mails it; a sent form starts over, a refused or failed one keeps its values.
 */
export async function inquiryAction<Schema extends ObjectSchema>(
  request: Request,
  schema: Schema,
  send: (value: z.output<Schema>) => Promise<"sent" | "blocked">,
) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data({ status: "refused", result: submission.reply() } satisfies InquiryActionData, {
      status: 400,
    });
  }
  try {
    if ((await send(submission.value)) === "blocked") {
      // A blocked address reads like any invalid one (spec §5, §8).
      const result = submission.reply({ fieldErrors: { email: [VALID_EMAIL_REQUIRED] } });
      return data({ status: "refused", result } satisfies InquiryActionData, { status: 400 });
    }
    return { status: "sent", result: submission.reply({ resetForm: true }) } satisfies InquiryActionData;
  } catch (error) {
    console.error(error);
    return data({ status: "failed", result: submission.reply() } satisfies InquiryActionData, {
      status: 500,
    });
  }
}

import { describe, expect, it } from "vitest";
import { changePasswordSchema, signupSchema } from "./account-schemas.ts";

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("the confirmed password", () => {
  it("is compared as soon as both passwords are there, even while other fields are missing", () => {
    // A posted form reads empty fields as missing (undefined), which fails those fields outright.
    expect(
      messagesOf(signupSchema.safeParse({ password: "Good1234", confirmPassword: "Good12345" })),
    ).toMatchObject({
      firstName: "Please enter your first name.",
      confirmPassword: "The confirmed password is different than the original password.",
    });
    expect(
      messagesOf(changePasswordSchema.safeParse({ password: "Good1234", confirmPassword: "x" })),
    ).toEqual({
      confirmPassword: "The confirmed password is different than the original password.",
    });
    expect(
      changePasswordSchema.safeParse({ password: "Good1234", confirmPassword: "Good1234" }).success,
    ).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { loginRefusal } from "./login-refusal.ts";

describe("loginRefusal", () => {
  it("words each refusal as the spec does, with the status both doors answer", () => {
    expect(loginRefusal("incorrect-password", "AEA")).toEqual({
      httpStatus: 401,
      code: "INCORRECT_PASSWORD",
      message: "Incorrect password.",
      clearPassword: true,
    });
    expect(loginRefusal("unknown-email", "AEA")).toMatchObject({
      httpStatus: 401,
      code: "UNKNOWN_EMAIL",
      message: "Email is not associated with AEA",
    });
    expect(loginRefusal("locked", "AEA")).toEqual({
      httpStatus: 429,
      code: "ACCOUNT_LOCKED",
      message: "Too many failed logins. This account is locked for 10 minutes.",
      clearPassword: false,
    });
    expect(loginRefusal("disabled", "AEA")).toMatchObject({
      httpStatus: 403,
      code: "ACCOUNT_DISABLED",
      message: "This account has been disabled. Please contact us if you think this is a mistake.",
    });
  });
});

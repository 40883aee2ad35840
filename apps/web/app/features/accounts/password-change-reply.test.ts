import { describe, expect, it } from "vitest";
import { passwordChangeOutcome } from "./password-change-reply";

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the Update Password dialog's reading of the server's answer", () => {
  it("asks for the current password with the server's reason", async () => {
    expect(await passwordChangeOutcome(reply(403, { code: "REAUTHENTICATE" }))).toEqual({
      kind: "ask-current-password",
      error: "Please enter your current password to make this change.",
    });
    expect(await passwordChangeOutcome(reply(403, { code: "INCORRECT_PASSWORD" }))).toEqual({
      kind: "ask-current-password",
      error: "Incorrect password.",
    });
    expect(await passwordChangeOutcome(reply(429, { code: "ACCOUNT_LOCKED" }))).toMatchObject({
      kind: "ask-current-password",
      error: expect.stringContaining("locked for 10 minutes"),
    });
  });

  it("reports success, and any other failure as the spec's failure", async () => {
    expect(await passwordChangeOutcome(reply(200, { message: "ok" }))).toEqual({ kind: "updated" });
    expect(await passwordChangeOutcome(reply(403, { code: "FORBIDDEN" }))).toEqual({ kind: "failed" });
    expect(await passwordChangeOutcome(new Response("<html>", { status: 500 }))).toEqual({ kind: "failed" });
  });
});

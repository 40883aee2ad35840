import { describe, expect, it } from "vitest";
import { isWorthComparing, similarQuestionsPath } from "./questions.ts";

describe("looking up similar questions while a buyer types", () => {
  it("waits for two words that say what the question is about", () => {
    expect(isWorthComparing("What is the")).toBe(false);
    expect(isWorthComparing("What is the decline")).toBe(false);
    expect(isWorthComparing("What is the decline rate")).toBe(true);
  });

  it("asks the room's questions page with the draft in the query", () => {
    expect(similarQuestionsPath(1068, "decline rate & water?")).toBe(
      "/deals/1068/data-room/questions/similar?text=decline+rate+%26+water%3F",
    );
  });
});

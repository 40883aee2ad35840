import { randomInt } from "node:crypto";
import { ACCESS_CODE_ALPHABET, RANDOM_ACCESS_CODE_LENGTH } from "@aea/domain";

/** A new listing's access code: RANDOM_ACCESS_CODE_LENGTH characters drawn by the CSPRNG. */
export function randomAccessCode(): string {
  return Array.from(
    { length: RANDOM_ACCESS_CODE_LENGTH },
    () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)],
  ).join("");
}

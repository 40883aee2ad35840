import { hash, verify } from "@node-rs/argon2";
import { newToken } from "./tokens.ts";

// Algorithm.Argon2id is a const enum, which type stripping cannot inline: 2 is its value.
const argon2id = 2;

// OWASP's argon2id baseline (19 MiB, 2 iterations, 1 lane).
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real password check against a hash nobody has, so the answer for an address
 * without an account takes as long as for one with it (timing must not tell which emails have accounts).
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  dummyHash ??= hashPassword(newToken());
  await verifyPassword(await dummyHash, password);
}

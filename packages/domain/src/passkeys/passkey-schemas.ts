import { z } from "../zod.ts";
import {
  PASSKEY_ALREADY_REGISTERED,
  PASSKEY_CHALLENGE_EXPIRED,
  PASSKEY_COUNTER_WENT_BACKWARDS,
  PASSKEY_NAME_REQUIRED,
  PASSKEY_NOT_VERIFIED,
  PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT,
  PASSKEY_UNKNOWN,
} from "./texts.ts";

/** A passkey as its owner sees it in their list. */
export interface PasskeySummary {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const PASSKEY_NAME_MAX_LENGTH = 60;

export const passkeyNameSchema = z
  .string({ error: PASSKEY_NAME_REQUIRED })
  .trim()
  .min(1, PASSKEY_NAME_REQUIRED)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_NAME_REQUIRED);

// The browser's answers carry binary fields in base64url. The bounds are far above what real
// authenticators send (an attestation with a certificate chain is a few KB) and keep hostile bodies small.
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);
const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;

const credentialFields = {
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** navigator.credentials.create()'s answer, as @simplewebauthn/browser hands it over. */
export const passkeyRegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4000).min(1),
    attestationObject: base64url(20_000).min(1),
    authenticatorData: base64url(4000).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
});

/** navigator.credentials.get()'s answer, as @simplewebauthn/browser hands it over. */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4000).min(1),
    authenticatorData: base64url(4000).min(1),
    signature: base64url(4000).min(1),
    userHandle: base64url(400).optional(),
  }),
});

export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

/** Finishing a registration: the browser's answer and the name the owner chose. */
export const passkeyRegistrationSchema = z.object({
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});

/** The account page's forms: a passkey's new name, or which passkey to remove. */
const passkeyId = z.coerce.number({ error: "Unknown passkey." }).int().positive();
export const passkeyRenameSchema = z.object({ passkeyId, name: passkeyNameSchema });
export const passkeyRemoveSchema = z.object({ passkeyId });
/** The name of a passkey about to be added (the browser's prompt follows). */
export const passkeyAddSchema = z.object({ name: passkeyNameSchema });

/** Why a passkey was refused, at enrolment or at a check (login's second step, step-up). */
export type PasskeyRefusal =
  | "challenge-expired"
  | "not-verified"
  | "unknown-passkey"
  | "counter-went-backwards"
  | "already-registered"
  | "registered-to-another-account";

const PASSKEY_REFUSALS: Record<
  PasskeyRefusal,
  { httpStatus: 400 | 403 | 409; code: string; message: string }
> = {
  "challenge-expired": {
    httpStatus: 400,
    code: "PASSKEY_CHALLENGE_EXPIRED",
    message: PASSKEY_CHALLENGE_EXPIRED,
  },
  "not-verified": { httpStatus: 400, code: "PASSKEY_NOT_VERIFIED", message: PASSKEY_NOT_VERIFIED },
  "unknown-passkey": { httpStatus: 400, code: "PASSKEY_UNKNOWN", message: PASSKEY_UNKNOWN },
  "counter-went-backwards": {
    httpStatus: 403,
    code: "PASSKEY_COUNTER_WENT_BACKWARDS",
    message: PASSKEY_COUNTER_WENT_BACKWARDS,
  },
  "already-registered": {
    httpStatus: 409,
    code: "PASSKEY_ALREADY_REGISTERED",
    message: PASSKEY_ALREADY_REGISTERED,
  },
  "registered-to-another-account": {
    httpStatus: 409,
    code: "PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT",
    message: PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT,
  },
};

/** One mapping of a refused passkey to the API's status and code and the words, for the API and the pages. */
export function passkeyRefusal(status: PasskeyRefusal): {
  httpStatus: 400 | 403 | 409;
  code: string;
  message: string;
} {
  return PASSKEY_REFUSALS[status];
}

/** Step two of a login with a passkey: the pending login's token (from step one) and the browser's answer. */
export const passkeyLoginSchema = z.object({
  pendingLogin: z.string().min(20).max(100),
  response: passkeyAuthenticationResponseSchema,
});

/** Asking for a passkey challenge at a login's step two. */
export const passkeyLoginOptionsSchema = z.object({ pendingLogin: z.string().min(20).max(100) });

/** A fresh check with a passkey before a sensitive step. */
export const passkeyStepUpSchema = z.object({ response: passkeyAuthenticationResponseSchema });

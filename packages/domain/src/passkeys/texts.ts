/** What passkey pages, API answers and their tests say (a passkey is one of the second factors). */

export const PASSKEYS_HEADING = "Passkeys";
export const PASSKEYS_INTRO =
  "A passkey lets this device or a security key confirm it is you after your password, with a fingerprint, face or PIN.";
export const PASSKEY_ADD = "Add a passkey";
export const PASSKEY_USE = "Use a passkey";
export const PASSKEY_NAME_LABEL = "Passkey name";
export const PASSKEY_NAME_HINT = "A name that tells you which device or key it is, such as “Work laptop”.";
export const PASSKEY_NAME_REQUIRED = "Give the passkey a name of up to 60 characters.";
export const PASSKEY_DEFAULT_NAME = "Passkey";
export const PASSKEY_RENAME = "Rename";
export const PASSKEY_RECOVERY_CODES_HINT =
  "If you lose the device that holds your passkey, a recovery code lets you log in once. Keep them somewhere safe.";
export const PASSKEY_REMOVE = "Remove";
export const PASSKEY_NONE = "No passkey yet.";
export const PASSKEY_ADDED = "Passkey added.";
export const PASSKEY_RENAMED = "Passkey renamed.";
export const PASSKEY_REMOVED = "Passkey removed.";
export const PASSKEY_CANCELLED = "The passkey prompt was closed before it finished. Nothing was changed.";
export const PASSKEY_NONE_REGISTERED =
  "This account has no passkey. Use your authenticator app or a recovery code.";
export const PASSKEY_UNKNOWN = "That passkey is not one of this account's passkeys.";
export const PASSKEY_ALREADY_REGISTERED = "This passkey is already registered to your account.";
export const PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT =
  "This passkey is registered for another account. Use a different passkey or security key.";
export const PASSKEY_CHALLENGE_EXPIRED =
  "That passkey request has expired or was already used. Please try again.";
export const PASSKEY_NOT_VERIFIED = "The passkey could not be verified. Please try again.";
export const PASSKEY_COUNTER_WENT_BACKWARDS =
  "This passkey answered with an old signature count, which happens when a passkey has been copied. Use another second factor, then remove this passkey and add it again.";
export const PASSKEYS_UNAVAILABLE =
  "Passkeys need the site to be served under a domain name (PUBLIC_URL), not an IP address.";

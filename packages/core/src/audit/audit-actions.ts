/**
 * What the firm's records say happened to an account or a listing (the data-room trail has its own
 * names, `DataRoomEventName` in domain). Stored as text: a new action needs no migration.
 */
export type AuditAction =
  | "login"
  | "login-failed"
  | "second-factor-failed"
  | "second-factor-added"
  | "second-factor-removed"
  | "recovery-code-used"
  | "recovery-codes-replaced"
  | "new-browser-login"
  | "account-locked"
  | "logout"
  | "signup"
  | "administrator-made"
  | "email-verified"
  | "password-changed"
  | "password-reset"
  | "email-change-requested"
  | "email-changed"
  | "deal-statistics-updated"
  | "deal-alerts-changed"
  // Staff changes to an account (the actor is the admin)
  | "profile-edited"
  | "verified-by-staff"
  | "verification-resent"
  | "reset-link-sent"
  | "account-disabled"
  | "account-enabled"
  | "sessions-ended"
  | "role-granted"
  | "role-revoked"
  | "impersonation-started"
  | "impersonation-stopped"
  // Staff changes to the deals (the subject is the listing where there is one)
  | "similar-deal-chosen"
  | "deals-reordered"
  | "listing-created"
  | "listing-edited"
  | "listing-web-settings-changed"
  | "listing-picture-replaced"
  | "listing-picture-removed"
  // Passkeys (the owner's own; a counter that went backwards points at a copied authenticator)
  | "passkey-added"
  | "passkey-renamed"
  | "passkey-removed"
  | "passkey-counter-went-backwards";

// Staff user administration and impersonation (issue 14)
export const ACCOUNT_DISABLED =
  "This account has been disabled. Please contact us if you think this is a mistake.";
/** Any change asked for while staff view the site as someone (403 `IMPERSONATING`). */
export const VIEWING_AS_READ_ONLY =
  "You are viewing the site as this buyer, which is read-only: nothing can be changed in their name. Stop viewing as them to make changes.";
export const CANNOT_IMPERSONATE_ADMIN = "An administrator cannot be viewed as: only buyers can.";
export const CANNOT_IMPERSONATE_STAFF = "Management and claim staff cannot be viewed as: only buyers can.";
export const CANNOT_IMPERSONATE_SELF = "You cannot view the site as yourself.";
export const CANNOT_IMPERSONATE_DISABLED = "A disabled account cannot be viewed as: re-enable it first.";
export const CANNOT_REMOVE_OWN_ADMIN = "You cannot remove your own admin role.";
export const CANNOT_DISABLE_SELF = "You cannot disable your own account.";
export const STAFF_ROLE_NEEDS_VERIFIED =
  "Staff roles apply only to verified addresses: verify this account's email first.";
/** The amber header while an admin views the site as a buyer. */
export function viewingAs(name: string): string {
  return `Viewing the site as ${name}`;
}
/** The amber header's second line: what staff may and may not do while viewing as. */
export const VIEWING_AS_HINT = "Read-only: you see what they see, and nothing can be changed in their name.";
/** Who did something in a trail entry made while staff viewed the site as a buyer. */
export function staffViewingAs(staff: string, buyer: string): string {
  return `${staff} viewing as ${buyer}`;
}
export const STOP_VIEWING_AS = "Stop";

// Confirmation dialogs (§2 Dialogs): delete confirmation and the generic confirm-action
export const CONFIRM_YES = "Yes";
export const CONFIRM_NO = "No";
/** The generic confirm-action's confirm text when none is given. */
export const CONFIRM_OK = "Ok";

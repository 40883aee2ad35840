// Unsaved-changes confirm (§2 dialogs, §4, §8): leaving an edited staff form.
export const UNSAVED_CHANGES = "You have unsaved changes. Are you sure you want to leave?";
export const UNSAVED_CHANGES_LEAVE = "Leave";
export const UNSAVED_CHANGES_STAY = "Stay";

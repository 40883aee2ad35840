// Terms dialog (§2)
export const I_AGREE = "I Agree";
export const I_DISAGREE = "I Disagree";

// Seller page (§2)
export const SELL_YOUR_ASSETS = "Sell your assets!";

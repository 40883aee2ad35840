import type { NewUser } from "../accounts/user.repository.ts";

type DemoAccount = Omit<NewUser, "passwordHash"> & { password: string };

const buyer = { isAdmin: false, hasClaimAD: false, middle: null };

export const PRIVATE_BUYER_EMAIL = "private.buyer@anticline.test";

/** The demo accounts the README lists; management addresses follow MANAGEMENT_EMAILS' default. */
export const demoAccounts: DemoAccount[] = [
  {
    ...buyer,
    email: "admin@anticline.test",
    password: "Admin123!",
    firstName: "Avery",
    lastName: "Administrator",
    verified: true,
    isAdmin: true,
    officialCompanyName: "Anticline Energy Advisors",
  },
  ...[1, 2, 3].map((n) => ({
    ...buyer,
    email: `mgmt${n}@anticline.test`,
    password: "Mgmt123!",
    firstName: ["Morgan", "Riley", "Jordan"][n - 1],
    lastName: "Manager",
    verified: true,
    isAdmin: true,
    officialCompanyName: "Anticline Energy Advisors",
  })),
  {
    ...buyer,
    email: PRIVATE_BUYER_EMAIL,
    password: "Buyer123!",
    firstName: "Priya",
    lastName: "Castellanos",
    verified: true,
    officialCompanyName: "Caprock Minerals LLC",
  },
  {
    ...buyer,
    email: "buyer@anticline.test",
    password: "Buyer123!",
    firstName: "Ben",
    lastName: "Whitaker",
    verified: true,
    officialCompanyName: null,
  },
  {
    ...buyer,
    email: "pending@anticline.test",
    password: "Buyer123!",
    firstName: "Paula",
    lastName: "Pending",
    verified: false,
    officialCompanyName: null,
  },
];

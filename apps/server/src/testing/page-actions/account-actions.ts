import type { PageActionCase } from "../page-action-matrix.ts";
import { ROLE_PASSWORD } from "../role-sessions.ts";

export const profileForm = {
  companyName: "Matrix Oil LLC",
  firstName: "Role",
  lastName: "Tester",
  title: "Landman",
  contactPhone: "+1 713 555 0100",
};

/** What visitors do with their own account and what they send the firm, before JavaScript loads. */
export const accountActions: PageActionCase[] = [
  {
    route: "/login",
    admitted: "/deals/public",
    form: (f) => [
      "/login?redirectTo=%2Fdeals%2Fpublic",
      { email: f.target.email, password: f.target.password },
    ],
  },
  {
    route: "/buyer/signup",
    admitted: 200,
    form: (f) => [
      "/buyer/signup",
      {
        firstName: "New",
        lastName: "Buyer",
        email: `${f.unique("page-signup")}@example.test`,
        password: ROLE_PASSWORD,
        confirmPassword: ROLE_PASSWORD,
      },
    ],
  },
  {
    route: "/forgot-password",
    admitted: 200,
    form: async (f) => ["/forgot-password", { email: (await f.newAccount(true)).email }],
  },
  {
    route: "/reset-password",
    admitted: "/home?notice=password-reset",
    form: async (f) => [
      `/reset-password?token=${await f.resetToken()}`,
      { password: "Changed2026", confirmPassword: "Changed2026" },
    ],
  },
  {
    route: "/verify-user",
    admitted: 200,
    form: async (f) => ["/verify-user", { email: (await f.newAccount(false)).email }],
  },
  {
    route: "/logout",
    admitted: "/home",
    changesAccount: true,
    form: () => ["/logout", {}],
  },
  {
    route: "/contact-us",
    admitted: 200,
    form: () => [
      "/contact-us",
      { firstName: "Rita", lastName: "Roles", email: "rita@example.test", subject: "Hello", message: "Hi" },
    ],
  },
  {
    route: "/seller",
    admitted: 200,
    form: () => ["/seller", { firstName: "Sam", lastName: "Seller", email: "sam@example.test" }],
  },
  {
    route: "/account/security",
    name: "start setting up an authenticator app",
    admitted: "/account/security",
    form: () => ["/account/security", { intent: "start" }],
  },
  {
    route: "/account/confirm",
    name: "confirm with the password (no second factor yet)",
    admitted: "/buyer/profile",
    form: () => ["/account/confirm", { stepUpPassword: ROLE_PASSWORD, redirectTo: "/buyer/profile" }],
  },
  {
    route: "/buyer/profile",
    name: "profile",
    admitted: 200,
    form: () => ["/buyer/profile", { intent: "profile", ...profileForm }],
  },
  {
    route: "/buyer/profile",
    name: "interests",
    admitted: 200,
    form: () => ["/buyer/profile", { intent: "interests", buy_producing: "on" }],
  },
  {
    route: "/buyer/profile",
    name: "deal alerts",
    admitted: 200,
    form: () => ["/buyer/profile", { intent: "deal-alerts", frequency: "daily" }],
  },
  {
    // The link in a deal-alert mail works without a login, for whoever holds it.
    route: "/deal-alerts/unsubscribe",
    admitted: 200,
    form: async (f) => {
      const url = new URL(await f.core.dealAlerts.unsubscribeUrl(f.victim.id));
      return ["/deal-alerts/unsubscribe", { token: url.searchParams.get("token") ?? "" }];
    },
  },
  {
    // The link in a data-room Q&A mail works the same way.
    route: "/data-room-questions/unsubscribe",
    admitted: 200,
    form: async (f) => {
      const url = new URL(await f.core.dataRoomQuestions.unsubscribeUrl(f.victim.id));
      return ["/data-room-questions/unsubscribe", { token: url.searchParams.get("token") ?? "" }];
    },
  },
  {
    // Stop works for whoever posts it; without a kept staff session it simply logs the browser out.
    route: "/impersonation/stop",
    admitted: "/login",
    changesAccount: true,
    form: () => ["/impersonation/stop", {}],
  },
];

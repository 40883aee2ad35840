import type { ApiWriteCase } from "../api-write-matrix.ts";

const contact = { firstName: "Rita", lastName: "Roles", email: "rita@example.test", subject: "Hello" };

/** What visitors send the firm (messages, searches) and the push subscriptions and announcements. */
export const contactWrites: ApiWriteCase[] = [
  {
    route: "POST /api/Advisors/TrackDealsWebSearch",
    admitted: 204,
    request: () => ({ url: "/api/Advisors/TrackDealsWebSearch?search=permian" }),
  },
  {
    route: "POST /api/Mailer/SendContactUsEmail",
    admitted: 200,
    request: () => ({ url: "/api/Mailer/SendContactUsEmail", payload: { ...contact, message: "Hi" } }),
  },
  {
    route: "POST /api/Mailer/SendChatMessage",
    admitted: 200,
    request: () => ({
      url: "/api/Mailer/SendChatMessage",
      payload: { name: "Rita Roles", email: contact.email, message: "Is this deal open?", page: "/home" },
    }),
  },
  {
    route: "POST /api/Seller/Contact",
    admitted: 200,
    request: () => ({
      url: "/api/Seller/Contact",
      payload: { firstName: "Sam", lastName: "Seller", email: "sam@example.test", description: "Wells" },
    }),
  },
  {
    route: "POST /api/Push/Subscribe",
    admitted: 200,
    request: (f) => ({ url: "/api/Push/Subscribe", payload: f.pushSubscription() }),
  },
  {
    route: "POST /api/Push/Unsubscribe",
    admitted: 200,
    request: (f) => ({ url: "/api/Push/Unsubscribe", payload: { endpoint: f.pushSubscription().endpoint } }),
  },
  {
    route: "POST /api/Push/NotifyNewDeal",
    admitted: 200,
    request: (f) => ({ url: "/api/Push/NotifyNewDeal", payload: { listingId: f.announceableDealId } }),
  },
];

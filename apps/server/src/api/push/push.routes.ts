import type { Core } from "@aea/core";
import {
  notifyNewDealSchema,
  PUSH_SUBSCRIBED,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admittedUser } from "../../plugins/access.ts";
import { authRateLimit } from "../../plugins/rate-limits.ts";
import { failureReply, invalidRequestReply } from "../shared/replies.ts";

const tags = ["Push"];
/** A failed check names each field's problem (the error handler's shape). */
const notifyResult = z.object({ sent: z.number(), removed: z.number(), failed: z.number() });

/**
 * Web Push about new deals: browsers subscribe and unsubscribe; staff announce a deal. Without VAPID
 * keys (push off) every route answers 503 PUSH_NOT_CONFIGURED.
 */
export async function pushRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A browser subscribes once; the limit keeps anyone from filling the table from one address.
  const rateLimited = { rateLimit: authRateLimit(core.config.authRateLimitPerMinute) };

  api.post(
    "/api/Push/Subscribe",
    {
      config: { access: "anyone", ...rateLimited },
      schema: {
        tags,
        summary: "Subscribe this browser to new-deal notifications",
        description:
          "The body is the browser's PushSubscription as JSON (endpoint: the push service's https URL, on one of the hosts PUSH_SERVICE_HOSTS allows, 400 PUSH_SERVICE_UNKNOWN otherwise; keys.p256dh and keys.auth in base64url), made with the site's VAPID public key. Anyone may subscribe; a signed-in user is recorded with the subscription. Subscribing again with the same endpoint renews its keys. Rate-limited per address.",
        body: pushSubscriptionSchema,
        response: { 200: failureReply, 400: invalidRequestReply, 429: failureReply, 503: failureReply },
      },
    },
    async (request) => {
      await core.push.subscribe(request.body, request.user);
      return { message: PUSH_SUBSCRIBED };
    },
  );

  api.post(
    "/api/Push/Unsubscribe",
    {
      config: { access: "anyone", ...rateLimited },
      schema: {
        tags,
        summary: "Stop new-deal notifications to a browser",
        description:
          "Forgets the subscription with this endpoint (only its browser knows the endpoint). Answers 200 whether or not it was subscribed.",
        body: pushUnsubscribeSchema,
        response: { 200: failureReply, 400: invalidRequestReply, 429: failureReply, 503: failureReply },
      },
    },
    async (request) => {
      const removed = await core.push.unsubscribe(request.body.endpoint);
      return { message: removed ? "Unsubscribed." : "This browser was not subscribed." };
    },
  );

  api.post(
    "/api/Push/NotifyNewDeal",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Announce a new deal to every subscribed browser (admins)",
        description:
          'Sends "New deal: <header>" with the deal\'s type and place, linking to /deals/<listingId>, to every subscription. Only public deals still on the market (not private, research, sold, closing or pulled) can be announced (409 otherwise, 404 for an unknown id). Subscriptions the push service reports gone (404/410) are removed. Answers the counts.',
        body: notifyNewDealSchema,
        response: {
          200: notifyResult,
          400: invalidRequestReply,
          401: failureReply,
          403: failureReply,
          404: failureReply,
          409: failureReply,
          503: failureReply,
        },
      },
    },
    async (request) => core.push.notifyNewDeal(admittedUser(request), request.body.listingId),
  );
}

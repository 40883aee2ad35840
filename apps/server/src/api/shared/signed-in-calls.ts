import type { SessionUser } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { admittedUser } from "../../plugins/access.ts";
import { roomCallRefusals } from "./replies.ts";

type CallText = { summary: string; description?: string };

/**
 * Declares calls any signed-in user may make, for services that admit the user themselves (a data
 * room answers 404 outside a room the viewer may open). The app's zod compilers parse the body or
 * query and check the reply against these schemas.
 */
export function signedInCalls(app: FastifyInstance, tags: string[]) {
  const config = { access: "signed-in" as const };
  return {
    post<Body extends z.ZodType, Reply extends z.ZodType>(
      url: string,
      text: CallText,
      body: Body,
      reply: Reply,
      answer: (user: SessionUser, body: z.infer<Body>, ip: string) => Promise<z.infer<Reply>>,
    ) {
      app.post<{ Body: z.infer<Body> }>(
        url,
        { config, schema: { tags, ...text, body, response: { 200: reply, ...roomCallRefusals } } },
        async (request) => answer(admittedUser(request), request.body as z.infer<Body>, request.ip),
      );
    },
    get<Query extends z.ZodType, Reply extends z.ZodType>(
      url: string,
      text: CallText,
      querystring: Query,
      reply: Reply,
      answer: (user: SessionUser, query: z.infer<Query>, ip: string) => Promise<z.infer<Reply>>,
    ) {
      app.get<{ Querystring: z.infer<Query> }>(
        url,
        { config, schema: { tags, ...text, querystring, response: { 200: reply, ...roomCallRefusals } } },
        async (request) => answer(admittedUser(request), request.query as z.infer<Query>, request.ip),
      );
    },
  };
}

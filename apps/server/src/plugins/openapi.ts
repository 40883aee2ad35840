import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document of /api, generated from the route schemas, with a reference page at /api/docs. */
async function openapi(app: FastifyInstance, { firmName }: { firmName: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${firmName} API`,
        version: "1.0.0",
        description: "Deals, accounts and content of the firm's site.",
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      // Only the /api door is documented here; pages and content routes are not part of it.
      if (!input.url.startsWith("/api/") || input.url.startsWith("/api/docs")) {
        return { ...transformed, schema: { ...transformed.schema, hide: true } };
      }
      return transformed;
    },
  });
  // The reference pages are registered before the access plugin, which would refuse them for saying
  // nothing: they declare here that anyone may read them, like the API's other public answers.
  await app.register(async (docs) => {
    docs.addHook("onRoute", (route) => {
      route.config = { ...route.config, access: "anyone" };
    });
    await docs.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  });
}

export default fp(openapi, { name: "openapi" });

import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Listing covers, logos and tombstones under DATA_DIR/media, served at /media/. */
export default async function media(app: FastifyInstance, { mediaDir }: { mediaDir: string }) {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: "/media/",
    decorateReply: false,
    wildcard: true,
    dotfiles: "deny",
    index: false,
    // Image URLs carry mediaUpdatedDate, so a changed image gets a new URL; a day is safe.
    maxAge: 86_400_000,
    preCompressed: false,
  });
}

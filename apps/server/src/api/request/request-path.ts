import { fail, queryUuidSchema } from "@aea/domain";
import { z } from "zod";

/** What each part of a spec §7 path may hold; a name may hold anything, '&' and '/' included (encoded). */
const partSchemas = {
  uuid: queryUuidSchema,
  queryUUID: queryUuidSchema,
  userId: idSchema("userId"),
  dirId: idSchema("dirId"),
  id: idSchema("id"),
  name: z.string(),
} as const;
type Part = keyof typeof partSchemas;
type Parts<Names extends readonly Part[]> = { [K in Names[number]]: z.output<(typeof partSchemas)[K]> };

function idSchema(name: string) {
  return z
    .string()
    .regex(/^[1-9]\d{0,9}$/, `${name} must be a whole number.`)
    .transform(Number);
}

/**
 * The spec writes several values into one path segment, joined by '&'
 * (`{uuid}&{userId}&{name}&{dirId}`): the router hands over the segment decoded, so a name that held
 * an encoded '&' is split here by position (every other part is a number or a UUID, without '&').
 */
export function pathParts<const Names extends readonly Part[]>(segment: string, names: Names): Parts<Names> {
  const pieces = segment.split("&");
  const free = names.indexOf("name" as Part);
  if (pieces.length < names.length || (free < 0 && pieces.length > names.length))
    throw fail("VALIDATION", `The path must be ${names.map((n) => `{${n}}`).join("&")}.`);
  const values =
    free < 0
      ? pieces
      : [
          ...pieces.slice(0, free),
          pieces.slice(free, pieces.length - (names.length - free - 1)).join("&"),
          ...pieces.slice(pieces.length - (names.length - free - 1)),
        ];
  const parts: Record<string, unknown> = {};
  names.forEach((name, index) => {
    const result = partSchemas[name].safeParse(values[index]);
    if (!result.success) throw fail("VALIDATION", result.error.issues[0]?.message ?? `${name} is not valid.`);
    parts[name] = result.data;
  });
  return parts as Parts<Names>;
}

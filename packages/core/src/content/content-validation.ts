/**
 * The rules an edited item must meet, derived from the collection registry: one zod schema per
 * collection. Values may come typed (JSON) or as form text ("12", "on", ""), so each field coerces
 * what a form sends before it checks. Blank optional fields are stored as null, as Directus does.
 */
import { CONTENT_STATUSES, type ContentField, contentCollection } from "@aea/domain";
import { z } from "zod";
import { sanitiseHtml } from "./html-sanitiser.ts";

/** Messages by field path (`title`, `teams.0.members.2.name`); empty when the input is valid. */
export type FieldErrors = Record<string, string>;

const LIMITS = {
  string: 500,
  text: 20_000,
  html: 200_000,
  rows: 200,
  files: 200,
} as const;

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

// CSS colours end up in style attributes: only plain colour syntax, nothing that could close a rule.
const cssColour = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|hsl)a?\([\d\s.,%/deg]+\))$/;
// Links must be site paths, anchors or web, mail and phone addresses; never javascript: or data:.
const safeUrl = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;
const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const isColourField = (name: string) => name.endsWith("_color");
const isUrlField = (name: string) => name === "url" || name === "link" || name.endsWith("_url");
const isSlugField = (name: string) => name === "slug" || name === "path";

/** A type error that names a missing value as missing. */
const typed = (label: string, message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `${label} is required.` : message),
});

/** Blank input is missing: an error when the field is required, null when it is not. */
function presence(schema: z.ZodType, required: boolean | undefined): z.ZodType {
  return z.preprocess(
    (value) => (blank(value) ? (required ? undefined : null) : value),
    required ? schema : schema.nullable(),
  );
}

function stringSchema(field: ContentField, max: number) {
  const { label, name } = field;
  let schema = z
    .string(typed(label, `${label} must be text.`))
    .trim()
    .max(max, { error: `${label} may be at most ${max.toLocaleString("en-US")} characters.` });
  if (isColourField(name)) {
    schema = schema.regex(cssColour, { error: `${label} must be a CSS colour such as #f59e0b.` });
  } else if (isUrlField(name)) {
    schema = schema.regex(safeUrl, {
      error: `${label} must start with /, https://, http://, mailto: or tel:.`,
    });
  } else if (isSlugField(name)) {
    schema = schema.regex(slug, {
      error: `${label} may hold lower-case letters, digits and single hyphens only (e.g. asset-sales).`,
    });
  } else if (name === "email") {
    schema = schema.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: `${label} must be an email address.` });
  }
  return schema;
}

const numberFromText = (value: unknown) => (typeof value === "string" ? Number(value.trim()) : value);
const asList = (value: unknown) =>
  (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]).filter(
    (entry) => !blank(entry),
  );

const invalidJson = Symbol("invalid JSON");

function fieldSchema(field: ContentField): z.ZodType {
  const { label, required } = field;
  switch (field.type) {
    case "string":
    case "text":
      return presence(stringSchema(field, field.type === "string" ? LIMITS.string : LIMITS.text), required);
    case "html": {
      const schema = z
        .string(typed(label, `${label} must be text.`))
        .max(LIMITS.html, { error: `${label} is too long.` })
        .transform(sanitiseHtml);
      // What is left after sanitising may be nothing (an editor's empty paragraph, a lone script).
      return required
        ? presence(schema.pipe(z.string().min(1, { error: `${label} is required.` })), true)
        : presence(schema, false).transform((v) => v || null);
    }
    case "integer":
    case "float": {
      const message =
        field.type === "integer" ? `${label} must be a whole number.` : `${label} must be a number.`;
      let schema = z.number(typed(label, message));
      if (field.type === "integer") schema = schema.int({ error: message });
      schema = schema
        .gte(-1e12, { error: `${label} is out of range.` })
        .lte(1e12, { error: `${label} is out of range.` });
      return presence(z.preprocess(numberFromText, schema), required);
    }
    case "boolean":
      return z.preprocess(
        (v) => v === true || v === "on" || v === "true" || v === "1",
        z.boolean({ error: `${label} must be yes or no.` }),
      );
    case "date": {
      const schema = z
        .string(typed(label, `${label} must be a date.`))
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD).` })
        .refine(
          (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(v).toISOString().startsWith(v),
          {
            error: `${label} is not a real date.`,
          },
        );
      return presence(schema, required);
    }
    case "datetime": {
      const schema = z
        .string(typed(label, `${label} must be a date and time.`))
        .trim()
        .refine((v) => !Number.isNaN(Date.parse(v)), { error: `${label} must be a date and time.` })
        .transform((v) => new Date(v).toISOString());
      return presence(schema, required);
    }
    case "json": {
      const schema = z.preprocess(
        (v) => {
          if (typeof v !== "string") return v;
          try {
            return JSON.parse(v) as unknown;
          } catch {
            return invalidJson;
          }
        },
        z.unknown().refine((v) => v !== invalidJson, { error: `${label} must be valid JSON.` }),
      );
      return presence(
        required ? schema.refine((v) => v !== undefined, { error: `${label} is required.` }) : schema,
        required,
      );
    }
    case "file":
      return presence(
        z
          .string(typed(label, `${label} must be a file id.`))
          .trim()
          .max(100),
        required,
      );
    case "relation":
      return presence(
        z.preprocess(
          numberFromText,
          z
            .number(typed(label, `Choose an item for ${label}.`))
            .int()
            .positive(),
        ),
        required,
      );
    case "files":
      return z.preprocess(
        asList,
        z
          .array(
            z
              .string({ error: `${label} must list file ids.` })
              .trim()
              .max(100),
          )
          .max(LIMITS.files, { error: `${label} may hold at most ${LIMITS.files} files.` }),
      );
    case "relations":
      return z.preprocess(
        asList,
        z.array(
          z.preprocess(
            numberFromText,
            z
              .number({ error: `${label} must list items.` })
              .int()
              .positive(),
          ),
        ),
      );
    case "group":
      return z.preprocess(
        (v) => (v === undefined || v === null ? [] : v),
        z
          .array(groupRowSchema(field.fields), { error: `${label} must be a list.` })
          .max(LIMITS.rows, { error: `${label} may hold at most ${LIMITS.rows} entries.` }),
      );
  }
}

function groupRowSchema(fields: readonly ContentField[]) {
  return z.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])));
}

const schemas = new Map<
  string,
  z.ZodType<{ status: (typeof CONTENT_STATUSES)[number] } & Record<string, unknown>>
>();

/** The schema of an edited item of a collection: its status and its own fields (unknown keys dropped). */
export function itemSchema(collection: string) {
  let schema = schemas.get(collection);
  if (!schema) {
    const definition = contentCollection(collection);
    if (!definition) throw new Error(`Unknown content collection "${collection}"`);
    schema = z.object({
      status: z.enum(CONTENT_STATUSES, { error: "Choose a status: published, draft or archived." }),
      ...Object.fromEntries(definition.fields.map((f) => [f.name, fieldSchema(f)])),
    });
    schemas.set(collection, schema);
  }
  return schema;
}

/** The first message for each path of a failed parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "item";
    errors[path] ??= issue.message;
  }
  return errors;
}

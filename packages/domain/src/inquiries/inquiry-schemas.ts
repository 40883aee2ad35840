import { FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, VALID_EMAIL_REQUIRED } from "../messages.ts";
import { z } from "../zod.ts";
import { isBlockedEmail } from "./block-list.ts";

/**
 * The contact form, the seller inquiry and the chat widget (spec §3 Forms, §5, §7): one schema each,
 * used by the browser form, the page action and the API route, so the rules and messages agree.
 */

export const SUBJECT_REQUIRED = "Please enter a subject.";
export const NAME_REQUIRED = "Please enter your name.";
export const MESSAGE_REQUIRED = "Please enter a message.";

/**
 * The seller form's email rule (§5): a local part, @, a domain, a dot and an ending of two or more
 * letters. Stricter than a bare "something@something" so a typo such as `name@gmail` is caught.
 */
export const SELLER_EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);
const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default("");
const appName = z.string().trim().max(100).optional();

/** A valid email that is not on the block list; every failure reads the same (§5, §8). */
function contactEmail(blockList: readonly string[]) {
  return z
    .string({ error: VALID_EMAIL_REQUIRED })
    .trim()
    .min(1, VALID_EMAIL_REQUIRED)
    .max(254, VALID_EMAIL_REQUIRED)
    .pipe(z.email({ error: VALID_EMAIL_REQUIRED }))
    .refine((email) => !isBlockedEmail(email, blockList), VALID_EMAIL_REQUIRED)
    .transform((email) => email.toLowerCase());
}

function contactShape(blockList: readonly string[]) {
  return {
    firstName: required(FIRST_NAME_REQUIRED, 100),
    lastName: required(LAST_NAME_REQUIRED, 100),
    email: contactEmail(blockList),
    subject: required(SUBJECT_REQUIRED, 200),
    // The template marks the message required but the original form never validated it (§5).
    message: optional(5000),
  };
}

/** The contact form (§3, §5) against the content's block list. */
export function contactFormSchema(blockList: readonly string[] = []) {
  return z.object(contactShape(blockList));
}
export type ContactForm = z.infer<ReturnType<typeof contactFormSchema>>;
export const CONTACT_FIELDS = ["firstName", "lastName", "email", "subject", "message"] as const;

/**
 * POST /api/Mailer/SendContactUsEmail (§7): the contact fields plus appName. The block list lives in
 * the content, so the service checks it, not this schema.
 */
export const contactUsEmailSchema = z.object({ ...contactShape([]), appName });
export type ContactUsEmail = z.infer<typeof contactUsEmailSchema>;

const sellerEmail = z
  .string({ error: VALID_EMAIL_REQUIRED })
  .trim()
  .min(1, VALID_EMAIL_REQUIRED)
  .max(254, VALID_EMAIL_REQUIRED)
  .regex(SELLER_EMAIL_PATTERN, VALID_EMAIL_REQUIRED)
  .transform((email) => email.toLowerCase());

const sellerShape = {
  firstName: required(FIRST_NAME_REQUIRED, 100),
  lastName: required(LAST_NAME_REQUIRED, 100),
  email: sellerEmail,
  company: optional(200),
  phone: optional(40),
  description: optional(5000),
};

/** The seller inquiry form (§3, §5): names and email required; company, phone and description optional. */
export const sellerFormSchema = z.object(sellerShape);
export type SellerForm = z.infer<typeof sellerFormSchema>;
export const SELLER_FIELDS = ["firstName", "lastName", "email", "company", "phone", "description"] as const;

/** The subject a seller inquiry carries when the client sends none (`title` of §7). */
export const SELLER_INQUIRY_TITLE = "Seller inquiry";

/**
 * POST /api/Seller/Contact (§7): fullName, firstName, lastName, email, title, company, phone,
 * description, appName. fullName defaults to the two names and title to SELLER_INQUIRY_TITLE.
 */
export const sellerContactSchema = z.object({
  ...sellerShape,
  fullName: optional(201),
  title: optional(200),
  appName,
});
export type SellerContact = z.infer<typeof sellerContactSchema>;

/** POST /api/Mailer/SendChatMessage: what a visitor leaves in the chat widget. */
export const chatMessageSchema = z.object({
  name: required(NAME_REQUIRED, 100),
  email: z
    .string({ error: VALID_EMAIL_REQUIRED })
    .trim()
    .min(1, VALID_EMAIL_REQUIRED)
    .max(254, VALID_EMAIL_REQUIRED)
    .pipe(z.email({ error: VALID_EMAIL_REQUIRED }))
    .transform((email) => email.toLowerCase()),
  message: required(MESSAGE_REQUIRED, 2000),
  /** The path the visitor wrote from (a deal page tells staff which deal). */
  page: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/[^\s]*$/, "page must be a path")
    .optional(),
  appName,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const CHAT_FIELDS = ["name", "email", "message"] as const;

/**
 * The content collections of spec §3: what each holds and how its fields are typed. One description
 * serves the content API (which fields exist, what a filter value must look like, what `search`
 * looks in) and the staff editor (which form control each field gets).
 *
 * Every item also carries the system fields of SYSTEM_FIELDS. Relations and files are stored as ids;
 * the API expands them when a query asks for their fields (`image.*`, `tags.post_tag_id.name`).
 */

export const CONTENT_STATUSES = ["published", "draft", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The pseudo-collection files belong to, named as Directus names it so clients' paths keep working. */
export const FILES_COLLECTION = "directus_files";
/** The field of a file list's rows that holds the file (`case_history_images.directus_files_id.title`). */
export const FILES_JUNCTION_FIELD = "directus_files_id";

export type ScalarFieldType =
  | "string"
  | "text"
  | "html"
  | "integer"
  | "float"
  | "boolean"
  | "date"
  | "datetime"
  | "json";

interface FieldBase {
  name: string;
  label: string;
  required?: boolean;
  /** Looked in by the API's `search` parameter (text fields only). */
  searchable?: boolean;
  /** Guidance the editor shows under the control. */
  note?: string;
}

export interface ScalarField extends FieldBase {
  type: ScalarFieldType;
}

/** One file (an image or a PDF), stored as its id. */
export interface FileField extends FieldBase {
  type: "file";
}

/** An ordered list of files; each row holds one file under FILES_JUNCTION_FIELD. */
export interface FilesField extends FieldBase {
  type: "files";
}

/** One item of another collection, stored as its id. */
export interface RelationField extends FieldBase {
  type: "relation";
  collection: string;
}

/** An ordered list of items of another collection; each row holds one item under `junctionField`. */
export interface RelationsField extends FieldBase {
  type: "relations";
  collection: string;
  junctionField: string;
}

/** A repeatable group of sub-fields stored inside the item (team members, slide links). */
export interface GroupField extends FieldBase {
  type: "group";
  fields: readonly ContentField[];
}

export type ContentField = ScalarField | FileField | FilesField | RelationField | RelationsField | GroupField;
export type ContentFieldType = ContentField["type"];

export interface ContentCollection {
  name: string;
  label: string;
  /** One item only (a page's settings): the API answers an object instead of a list. */
  singleton: boolean;
  /** The field that names an item in the editor's lists. */
  displayField: string;
  fields: readonly ContentField[];
}

/** Fields every item has, whatever its collection. Ids are integers, as Directus numbers them. */
export const SYSTEM_FIELDS: readonly ScalarField[] = [
  { name: "id", label: "Id", type: "integer" },
  { name: "status", label: "Status", type: "string", note: "published, draft or archived" },
  { name: "sort", label: "Sort", type: "integer", note: "Position in lists; lower comes first" },
  { name: "date_created", label: "Created", type: "datetime" },
  { name: "date_updated", label: "Updated", type: "datetime" },
];

/** The fields of a file as the API shows them under `image.*`. */
export const FILE_FIELDS: readonly ScalarField[] = [
  { name: "id", label: "Id", type: "string" },
  { name: "filename_download", label: "File name", type: "string", searchable: true },
  { name: "title", label: "Title", type: "string", searchable: true },
  { name: "type", label: "MIME type", type: "string" },
  { name: "width", label: "Width", type: "integer" },
  { name: "height", label: "Height", type: "integer" },
  { name: "filesize", label: "Size in bytes", type: "integer" },
  { name: "focal_point_x", label: "Focal point x", type: "integer" },
  { name: "focal_point_y", label: "Focal point y", type: "integer" },
  { name: "uploaded_on", label: "Uploaded", type: "datetime" },
];

const seoFields: readonly ContentField[] = [
  { name: "seo_title", label: "SEO title", type: "string" },
  { name: "seo_description", label: "SEO description", type: "text" },
  { name: "seo_keywords", label: "SEO keywords", type: "string", note: "Comma-separated" },
];

const itemList = (name: string, label: string, itemLabel: string): GroupField => ({
  name,
  label,
  type: "group",
  fields: [{ name: "item", label: itemLabel, type: "string", required: true }],
});

const experiences = itemList("experiences", "Experience", "Experience");

/** One person of the firm: the fields the team page shows on a member's card. */
const memberFields: readonly ContentField[] = [
  { name: "image", label: "Photo", type: "file" },
  { name: "name", label: "Name", type: "string", required: true, searchable: true },
  { name: "title", label: "Title", type: "string", searchable: true },
  { name: "location", label: "Location", type: "string", searchable: true },
  { name: "email", label: "Email", type: "string" },
  experiences,
];

export const CONTENT_COLLECTIONS: readonly ContentCollection[] = [
  {
    name: "home_page",
    label: "Home page",
    singleton: true,
    displayField: "seo_title",
    fields: [
      ...seoFields,
      { name: "seo_image", label: "SEO image", type: "file", note: "Shared link preview, 1200×630" },
      { name: "case_history_images", label: "Case histories", type: "files", note: "Titled images" },
      { name: "tombstone_images", label: "Tombstones", type: "files", note: "600×600" },
      { name: "tech_services_image", label: "Technical services image", type: "file" },
      {
        name: "client_logos",
        label: "Client logos",
        type: "files",
        note: "The client-logo carousel; each file's title is the client's name",
      },
    ],
  },
  {
    name: "hero_slider",
    label: "Hero slides",
    singleton: false,
    displayField: "title",
    fields: [
      { name: "title", label: "Title", type: "string", required: true, searchable: true },
      { name: "body", label: "Body", type: "html", searchable: true },
      { name: "click_url", label: "Click URL", type: "string", note: "Where a click on the slide goes" },
      {
        name: "links",
        label: "Buttons",
        type: "group",
        fields: [
          { name: "title", label: "Text", type: "string", required: true },
          { name: "url", label: "URL", type: "string", required: true },
        ],
      },
      { name: "link_button_color", label: "Button colour", type: "string", note: "CSS colour, e.g. #f59e0b" },
      { name: "image", label: "Side image", type: "file", note: "Height 600" },
      { name: "banner", label: "Banner", type: "file", note: "1900×750" },
    ],
  },
  {
    name: "service",
    label: "Services",
    singleton: false,
    displayField: "title",
    fields: [
      { name: "path", label: "Path", type: "string", required: true, note: "/services/{path}" },
      { name: "title", label: "Title", type: "string", required: true, searchable: true },
      ...seoFields,
      { name: "slide_title", label: "Slide title", type: "string", searchable: true },
      { name: "body_title", label: "Body title", type: "string", searchable: true },
      { name: "body", label: "Body", type: "html", searchable: true },
      { name: "underline_color", label: "Underline colour", type: "string", note: "CSS colour" },
      { name: "banner_image", label: "Banner", type: "file", note: "1900×750" },
      { name: "centered_background_image", label: "Centred background", type: "file" },
      { name: "top_side_image", label: "Top side image", type: "file" },
      { name: "middle_side_image", label: "Middle side image", type: "file" },
      { name: "undermost_side_image", label: "Undermost side image", type: "file" },
    ],
  },
  {
    name: "team_page",
    label: "Team page",
    singleton: true,
    displayField: "banner",
    fields: [
      { name: "banner", label: "Banner text", type: "text" },
      ...seoFields,
      {
        name: "teams",
        label: "Teams",
        type: "group",
        fields: [
          { name: "show_name", label: "Show the team's name", type: "boolean" },
          { name: "name", label: "Name", type: "string", required: true },
          { name: "members", label: "Members", type: "group", fields: memberFields },
        ],
      },
    ],
  },
  {
    name: "team",
    label: "People",
    singleton: false,
    displayField: "name",
    fields: [
      ...memberFields,
      { name: "team", label: "Team", type: "string", searchable: true },
      { name: "bio", label: "Biography", type: "text", searchable: true },
    ],
  },
  {
    name: "contact_us_page",
    label: "Contact page",
    singleton: true,
    displayField: "title",
    fields: [
      { name: "title", label: "Title", type: "string" },
      { name: "history", label: "History", type: "html", note: "The sidebar's text" },
      itemList("services", "Services list", "Service"),
      { name: "office_name", label: "Office name", type: "string" },
      { name: "office_address", label: "Office address", type: "text", note: "One line per address line" },
      { name: "phone", label: "Phone", type: "string" },
      { name: "fax", label: "Fax", type: "string" },
      {
        ...itemList("block_list", "Blocked senders", "Address or domain"),
        note: "The contact form refuses these addresses (whole address or @domain)",
      },
    ],
  },
  {
    name: "case_study",
    label: "Case studies",
    singleton: false,
    displayField: "title",
    fields: [
      { name: "title", label: "Title", type: "string", required: true, searchable: true },
      { name: "summary", label: "Summary", type: "text", searchable: true },
      { name: "image", label: "Image", type: "file" },
    ],
  },
  {
    name: "promotions",
    label: "Promotions",
    singleton: false,
    displayField: "title",
    fields: [
      { name: "title", label: "Title", type: "string", required: true, searchable: true },
      { name: "body", label: "Body", type: "html", searchable: true },
      { name: "image", label: "Image", type: "file" },
      { name: "url", label: "Link", type: "string" },
      { name: "button_text", label: "Button text", type: "string" },
      { name: "start_date", label: "Shown from", type: "date" },
      { name: "end_date", label: "Shown until", type: "date" },
    ],
  },
  {
    name: "post_tag",
    label: "Post tags",
    singleton: false,
    displayField: "name",
    fields: [
      { name: "name", label: "Name", type: "string", required: true, searchable: true },
      { name: "slug", label: "Slug", type: "string", required: true },
    ],
  },
  {
    name: "post",
    label: "Posts",
    singleton: false,
    displayField: "title",
    fields: [
      { name: "title", label: "Title", type: "string", required: true, searchable: true },
      { name: "slug", label: "Slug", type: "string", required: true },
      { name: "summary", label: "Summary", type: "text", searchable: true },
      { name: "body", label: "Body", type: "html", searchable: true },
      { name: "date_published", label: "Published", type: "date" },
      { name: "image", label: "Image", type: "file" },
      { name: "author", label: "Author", type: "relation", collection: "team" },
      {
        name: "tags",
        label: "Tags",
        type: "relations",
        collection: "post_tag",
        junctionField: "post_tag_id",
      },
      { name: "reading_minutes", label: "Reading time (minutes)", type: "integer" },
    ],
  },
  {
    name: "press_release",
    label: "Press releases",
    singleton: false,
    displayField: "title",
    fields: [
      { name: "title", label: "Title", type: "string", required: true, searchable: true },
      { name: "date", label: "Date", type: "date", required: true },
      { name: "body", label: "Body", type: "html", searchable: true },
      { name: "link", label: "Link", type: "string", note: "The full release, when published elsewhere" },
    ],
  },
  {
    name: "flipbook",
    label: "Pitchbooks",
    singleton: false,
    displayField: "title",
    fields: [
      { name: "title", label: "Title", type: "string", required: true, searchable: true },
      {
        name: "path",
        label: "Path",
        type: "string",
        required: true,
        note: "products-services, tombstones or capabilities-pitchbook (/pitchbooks/{path})",
      },
      { name: "description", label: "Description", type: "text", searchable: true },
      { name: "cover_image", label: "Cover", type: "file" },
      { name: "pdf", label: "PDF", type: "file" },
    ],
  },
  {
    name: "energy_prices",
    label: "Energy prices",
    singleton: false,
    displayField: "name",
    fields: [
      { name: "name", label: "Name", type: "string", required: true, searchable: true },
      { name: "unit", label: "Unit", type: "string", note: "e.g. $/bbl" },
      { name: "price", label: "Price", type: "float", required: true },
      { name: "previous_price", label: "Previous price", type: "float" },
    ],
  },
];

const byName = new Map(CONTENT_COLLECTIONS.map((c) => [c.name, c]));

/** The collection of that name, or undefined (the API then answers as Directus does for unknown ones). */
export function contentCollection(name: string): ContentCollection | undefined {
  return byName.get(name);
}

import type { SecureFile, SentSecureFile } from "@aea/core/types";
import { DATA_ROOM_TEXTS, formatFileSize, type RouteHandle, secureFilePath } from "@aea/domain";
import { Download, Lock } from "lucide-react";
import { useRevalidator } from "react-router";
import { appContext } from "../app-context";
import { cardStyles } from "../components/staff/card";
import { FileIcon } from "../features/data-room/file-icon";
import { Uploader } from "../features/data-room/uploader";
import { formatDate } from "../lib/dates";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/secure-files";

export const handle = { access: "signed-in-via-login" } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const user = admittedUser(context);
  const [mine, all] = await Promise.all([
    core.secureFiles.mine(user),
    user.isAdmin ? core.secureFiles.all(user) : [],
  ]);
  return {
    mine,
    bySender: groupBySender(all),
    isStaff: user.isAdmin,
    maxFileMb: core.config.dataRoomMaxFileMb,
  };
}

/** Staff read the files per sender, newest sender first. */
function groupBySender(files: SentSecureFile[]) {
  const senders = new Map<
    number,
    { name: string; email: string; company: string | null; files: SentSecureFile[] }
  >();
  for (const file of files) {
    const sender = senders.get(file.userId) ?? {
      name: file.senderName,
      email: file.senderEmail,
      company: file.senderCompany,
      files: [],
    };
    sender.files.push(file);
    senders.set(file.userId, sender);
  }
  return [...senders.values()];
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, DATA_ROOM_TEXTS.secureFilesTitle) },
  { name: "robots", content: "noindex" },
];

export default function SecureFiles({ loaderData }: Route.ComponentProps) {
  const { mine, bySender, isStaff, maxFileMb } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <header className="flex items-start gap-3">
        <Lock aria-hidden className="mt-1 text-amber-700" size={24} />
        <div>
          <h1 className="font-bold text-2xl text-navy-900 sm:text-3xl">{DATA_ROOM_TEXTS.secureFilesTitle}</h1>
          <p className="mt-1 text-slate-650">{DATA_ROOM_TEXTS.secureFilesIntro}</p>
        </div>
      </header>
      <div className="mt-6">
        <Uploader
          label="Send files"
          destination={{ target: "secure-files" }}
          maxFileMb={maxFileMb}
          onFiled={() => void revalidator.revalidate()}
        />
      </div>
      <FileList heading="Files you sent" files={mine} empty="You have not sent any files yet." />
      {isStaff ? (
        <section aria-labelledby="staff-heading" className="mt-10">
          <h2 id="staff-heading" className="font-semibold text-navy-900 text-xl">
            Files sent to the firm
          </h2>
          {bySender.length === 0 ? <p className="mt-2 text-slate-650">No one has sent files yet.</p> : null}
          {bySender.map((sender) => (
            <FileList
              key={sender.email}
              heading={`${sender.name} (${sender.email})${sender.company ? `, ${sender.company}` : ""}`}
              files={sender.files}
              empty=""
              level={3}
            />
          ))}
        </section>
      ) : null}
    </div>
  );
}

function FileList({
  heading,
  files,
  empty,
  level = 2,
}: {
  heading: string;
  files: SecureFile[];
  empty: string;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className="mt-8">
      <Heading
        className={level === 2 ? "font-semibold text-lg text-navy-900" : "font-semibold text-navy-900"}
      >
        {heading}
      </Heading>
      {files.length === 0 ? (
        <p className="mt-2 text-slate-650">{empty}</p>
      ) : (
        <ul className={`${cardStyles} mt-2 divide-y divide-navy-100`}>
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <FileIcon name={file.name} />
              <span className="min-w-0 flex-1 truncate font-medium text-navy-900">{file.name}</span>
              <span className="hidden text-slate-650 tabular-nums sm:inline">
                {formatFileSize(file.size)}
              </span>
              <span className="hidden text-slate-650 md:inline">{formatDate(file.createdAt, "moment")}</span>
              <a
                href={secureFilePath(file.id)}
                download
                className="inline-flex items-center rounded p-1.5 text-slate-650 hover:bg-navy-50 hover:text-navy-900"
                aria-label={`Download ${file.name}`}
              >
                <Download aria-hidden size={16} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

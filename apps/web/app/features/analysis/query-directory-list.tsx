import { ANALYSIS_PAGE_TEXTS, type RequestDirectory, SAVED_QUERY_TEXTS } from "@aea/domain";
import { FileSearch, Folder, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { savedQueryApi } from "./saved-query-api";

/** What a list lets its user do (spec §6): the save dialog adds only, the load dialog only loads. */
export interface ListCapabilities {
  add?: boolean;
  edit?: boolean;
  delete?: boolean;
  load?: boolean;
}

export interface ListEvents {
  /** A change was saved: the lists are read again and `text` shown in the snackbar. */
  changed(text: string): void;
  failed(text: string, reason: string): void;
}

const small =
  "inline-flex h-8 items-center rounded-md border border-navy-100 bg-white px-3 font-medium text-navy-800 text-sm hover:bg-navy-50 disabled:opacity-50";

/**
 * A user's directories and their queries (spec §3, §6). A blank new row (id 0) offers Add, a renamed
 * row offers Update, the selected row offers Remove; queries load by their QueryUUID link.
 */
export function QueryDirectoryList({
  directories,
  can,
  selectedId,
  onSelect,
  userId,
  queryHref,
  events,
}: {
  directories: RequestDirectory[];
  can: ListCapabilities;
  selectedId: number | null;
  onSelect(id: number): void;
  userId: number;
  queryHref(queryUUID: string): string;
  events: ListEvents;
}) {
  // The inputs keep their own text (uncontrolled, like every form's); these only mirror what was
  // typed, for which buttons to offer (Add on a non-blank new row, Update on a renamed one).
  const newNameInput = useRef<HTMLInputElement>(null);
  const [newName, setNewName] = useState("");
  const [names, setNames] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string, failure: string) => {
    setBusy(true);
    try {
      await work();
      events.changed(done);
    } catch (error) {
      events.failed(failure, error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const showQueries = can.load || can.delete;
  return (
    <div className="mt-4">
      <h3 className="mb-2 font-semibold text-navy-900 text-sm">{ANALYSIS_PAGE_TEXTS.directories}</h3>
      <ul className="divide-y divide-navy-100 rounded-md border border-navy-100">
        {directories.map((directory) => {
          const typed = names[directory.id] ?? directory.directorytName;
          const renamed = typed.trim() !== directory.directorytName && typed.trim() !== "";
          const selected = selectedId === directory.id;
          return (
            <li key={directory.id} className={`px-3 py-2 ${selected ? "bg-navy-50" : ""}`}>
              <div className="flex items-center gap-2">
                <input
                  type="radio"
                  name="directoryId"
                  value={directory.id}
                  id={`directory-${directory.id}`}
                  defaultChecked={selected}
                  onChange={() => onSelect(directory.id)}
                  aria-label={can.edit ? `Select directory ${directory.directorytName}` : undefined}
                  className="size-4 accent-navy-800"
                />
                {can.edit ? (
                  <input
                    defaultValue={directory.directorytName}
                    onInput={(e) => setNames({ ...names, [directory.id]: e.currentTarget.value })}
                    aria-label={`Name of directory ${directory.directorytName}`}
                    className="h-8 min-w-0 flex-1 rounded-md border border-navy-100 px-2 text-sm"
                  />
                ) : (
                  <label
                    htmlFor={`directory-${directory.id}`}
                    className="flex flex-1 items-center gap-2 text-sm"
                  >
                    <Folder aria-hidden size={16} className="text-slate-650" />
                    {directory.directorytName}
                    <span className="text-slate-650 text-xs">({directory.requests.length})</span>
                  </label>
                )}
                {can.edit && renamed ? (
                  <button
                    type="button"
                    disabled={busy}
                    className={small}
                    onClick={() =>
                      run(
                        () => savedQueryApi.renameDirectory(directory.id, typed.trim(), userId),
                        SAVED_QUERY_TEXTS.directoryUpdated,
                        SAVED_QUERY_TEXTS.updateDirectoryFailed,
                      )
                    }
                  >
                    Update
                  </button>
                ) : null}
                {can.delete && selected ? (
                  <button
                    type="button"
                    disabled={busy}
                    className={small}
                    onClick={() =>
                      run(
                        () => savedQueryApi.deleteDirectory(directory.id, userId),
                        SAVED_QUERY_TEXTS.directoryDeleted,
                        SAVED_QUERY_TEXTS.deleteDirectoryFailed,
                      )
                    }
                  >
                    Remove
                  </button>
                ) : null}
              </div>
              {showQueries ? (
                directory.requests.length === 0 ? (
                  <p className="mt-1 pl-6 text-slate-650 text-sm">{SAVED_QUERY_TEXTS.noQueries}</p>
                ) : (
                  <ul className="mt-1 space-y-1 pl-6">
                    {directory.requests.map((query) => (
                      <li key={query.id} className="flex items-center gap-2 text-sm">
                        {can.load ? (
                          <Link
                            to={queryHref(query.queryUUID)}
                            className="flex flex-1 items-center gap-1 text-navy-800 underline-offset-2 hover:underline"
                          >
                            <FileSearch aria-hidden size={14} />
                            {query.requestName}
                          </Link>
                        ) : (
                          <span className="flex-1">{query.requestName}</span>
                        )}
                        {can.delete ? (
                          <button
                            type="button"
                            disabled={busy}
                            aria-label={`Delete query ${query.requestName}`}
                            className="rounded p-1 text-slate-650 hover:bg-red-50 hover:text-red-700"
                            onClick={() =>
                              run(
                                () => savedQueryApi.deleteRequest(query.id, userId),
                                SAVED_QUERY_TEXTS.queryDeleted,
                                SAVED_QUERY_TEXTS.deleteQueryFailed,
                              )
                            }
                          >
                            <Trash2 aria-hidden size={14} />
                          </button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                )
              ) : null}
            </li>
          );
        })}
        {can.add ? (
          <li className="flex items-center gap-2 px-3 py-2" data-directory-id={0}>
            <input
              ref={newNameInput}
              onInput={(e) => setNewName(e.currentTarget.value)}
              aria-label={ANALYSIS_PAGE_TEXTS.newDirectory}
              placeholder={ANALYSIS_PAGE_TEXTS.newDirectory}
              maxLength={200}
              className="h-8 min-w-0 flex-1 rounded-md border border-navy-100 px-2 text-sm"
            />
            <button
              type="button"
              disabled={busy || newName.trim() === ""}
              className={small}
              onClick={() =>
                run(
                  async () => {
                    const added = await savedQueryApi.addDirectory(newName.trim(), userId);
                    if (newNameInput.current) newNameInput.current.value = "";
                    setNewName("");
                    onSelect(added.id);
                  },
                  SAVED_QUERY_TEXTS.directoryCreated,
                  SAVED_QUERY_TEXTS.createDirectoryFailed,
                )
              }
            >
              Add
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

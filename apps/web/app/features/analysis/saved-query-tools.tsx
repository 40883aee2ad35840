import {
  ANALYSIS_PAGE_TEXTS,
  analysisHref,
  engineFilters,
  type RequestDirectory,
  SAVED_QUERY_TEXTS,
  saveQueryFormSchema,
} from "@aea/domain";
import { FolderOpen, FolderTree, Save } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Dialog } from "../../components/ui/dialog";
import { Snackbar } from "../../components/ui/snackbar";
import { InputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";
import { useHydrated } from "../../lib/use-hydrated";
import type { AnalysisData } from "./analysis-data";
import { type ListCapabilities, QueryDirectoryList } from "./query-directory-list";
import { savedQueryApi } from "./saved-query-api";

type Open = "save" | "load" | "manage" | null;

/** What each dialog's list may do (spec §6): save adds only, load only loads, the manager all. */
const CAPABILITIES: Record<Exclude<Open, null>, ListCapabilities> = {
  save: { add: true },
  load: { load: true },
  manage: { add: true, edit: true, delete: true, load: true },
};

/**
 * Save, Load and the saved-query manager (spec §3, §4, §6–§8), through the saved-request calls. They
 * need the page's script; before it arrives the buttons are not shown (reading works without them).
 */
export function SavedQueryTools({ data }: { data: AnalysisData }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const [directories, setDirectories] = useState<RequestDirectory[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [snack, setSnack] = useState<{ text: string; count: number; open: boolean }>({
    text: "",
    count: 0,
    open: false,
  });
  const [failure, setFailure] = useState<{ text: string; reason: string } | null>(null);

  const reload = useCallback(async () => {
    try {
      setDirectories(await savedQueryApi.directories(data.userId));
    } catch (error) {
      setFailure({ text: SAVED_QUERY_TEXTS.failedTitle, reason: String((error as Error).message) });
    }
  }, [data.userId]);
  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  // A loaded query is a new address: its dialog has done its job.
  const { search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes when the address changes.
  useEffect(() => setOpen(null), [search]);

  const notify = (text: string) => setSnack((s) => ({ text, count: s.count + 1, open: true }));
  const events = {
    changed(text: string) {
      notify(text);
      void reload();
    },
    failed(text: string, reason: string) {
      setFailure({ text, reason });
    },
  };
  // A saved query's link names only its QueryUUID: the page finds its dataset and filters.
  const queryHref = (queryUUID: string) => `${data.path}?QueryUUID=${encodeURIComponent(queryUUID)}`;

  const save = async (value: { requestName: string; directoryId: number }) => {
    setSaving(true);
    try {
      const queryUUID = await savedQueryApi.save({
        userId: data.userId,
        name: value.requestName,
        directoryId: value.directoryId,
        filters: engineFilters(data.state),
        customChart: { dataset: data.state.dataset, ...data.state.chart },
      });
      setOpen(null);
      notify(ANALYSIS_PAGE_TEXTS.querySaved);
      void navigate(analysisHref(data.path, { ...data.state, start: 0, queryUUID }));
    } catch (error) {
      setFailure({ text: ANALYSIS_PAGE_TEXTS.saveFailed, reason: String((error as Error).message) });
    } finally {
      setSaving(false);
    }
  };
  // Uncontrolled fields through the shared form mechanism; the list's radios are its `directoryId`.
  const [form, fields] = useSchemaForm(saveQueryFormSchema, {
    id: "save-query",
    onSubmit: (event, value) => {
      event.preventDefault();
      if (!saving) void save(value);
    },
  });
  const typedName = String(fields.requestName.value ?? "").trim();

  if (!hydrated) return null;
  const list = (mode: Exclude<Open, null>) => (
    <QueryDirectoryList
      directories={directories}
      can={CAPABILITIES[mode]}
      selectedId={selected}
      onSelect={setSelected}
      userId={data.userId}
      queryHref={queryHref}
      events={events}
    />
  );
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={buttonStyles.secondary} onClick={() => setOpen("save")}>
        <Save aria-hidden size={16} />
        {ANALYSIS_PAGE_TEXTS.save}
      </button>
      <button type="button" className={buttonStyles.secondary} onClick={() => setOpen("load")}>
        <FolderOpen aria-hidden size={16} />
        {ANALYSIS_PAGE_TEXTS.load}
      </button>
      <button type="button" className={buttonStyles.secondary} onClick={() => setOpen("manage")}>
        <FolderTree aria-hidden size={16} />
        {ANALYSIS_PAGE_TEXTS.manage}
      </button>

      <Dialog
        open={open === "save"}
        onOpenChange={(o) => setOpen(o ? "save" : null)}
        title={ANALYSIS_PAGE_TEXTS.save}
        width={480}
      >
        <form {...formProps(form)} className="mt-4">
          <InputField
            field={fields.requestName}
            label={ANALYSIS_PAGE_TEXTS.queryName}
            maxLength={200}
            autoComplete="off"
          />
          {list("save")}
          {fields.directoryId.errors?.[0] ? (
            <p className="mt-1 text-negative text-sm">{fields.directoryId.errors[0]}</p>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(null)}>
              Cancel
            </button>
            {/* Spec §6: Save is disabled until the query has a name and a directory is chosen. */}
            <button
              type="submit"
              className={buttonStyles.primary}
              disabled={saving || typedName === "" || selected === null || selected === 0}
            >
              Save
            </button>
          </div>
        </form>
      </Dialog>
      <Dialog
        open={open === "load"}
        onOpenChange={(o) => setOpen(o ? "load" : null)}
        title={ANALYSIS_PAGE_TEXTS.load}
        width={480}
      >
        {list("load")}
      </Dialog>
      <Dialog
        open={open === "manage"}
        onOpenChange={(o) => setOpen(o ? "manage" : null)}
        title={ANALYSIS_PAGE_TEXTS.manage}
        width={520}
      >
        {list("manage")}
      </Dialog>

      <ConfirmDialog
        open={failure !== null}
        title={SAVED_QUERY_TEXTS.failedTitle}
        message={
          failure ? (
            <>
              {failure.text}
              {failure.reason && failure.reason !== failure.text ? (
                <span className="mt-1 block text-sm">{failure.reason}</span>
              ) : null}
            </>
          ) : null
        }
        cancelText="Close"
        onConfirm={() => setFailure(null)}
        onCancel={() => setFailure(null)}
      />
      <Snackbar
        open={snack.open}
        showCount={snack.count}
        onOpenChange={(o) => setSnack((s) => ({ ...s, open: o }))}
      >
        {snack.text}
      </Snackbar>
    </div>
  );
}

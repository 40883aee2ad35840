import {
  ACCESS_REQUEST_PENDING,
  type DataRoomStep,
  dataRoomPath,
  ENTER_ACCESS_CODE,
  ENTER_DATA_ROOM,
  type ExclusiveDealContact,
  REQUEST_ACCESS,
} from "@aea/domain";
import { ArrowRight, FolderLock, KeyRound, LogIn, Send, Star } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import type { OpenDataRoomDialog } from "./access-dialogs";

// The dialogs (their form, zod schema and messages) load when one first opens, not with every deal page.
const DataRoomDialogs = lazy(() => import("./access-dialogs"));

/** What the deal page knows about its data room for this viewer (steps as in domain's dataRoomStep). */
export interface DataRoomBox {
  listingId: number;
  step: Exclude<DataRoomStep, "not-found">;
  exclusiveContact: ExclusiveDealContact | null;
  /** showRequestAccessToPrivateFiles: a buyer without a code may ask staff for one. */
  requestsOpen: boolean;
  /** This buyer asked for the code and staff have not answered yet. */
  requestPending: boolean;
}

const stepText: Record<DataRoomBox["step"], string> = {
  "sign-in": "Log in to enter this deal's virtual data room: maps, production, reserves and financials.",
  "access-code": "Enter the access code your agent gave you to open this deal's virtual data room.",
  agreement: "You have access. Sign the confidentiality agreement to open the documents.",
  open: "You have access to this deal's documents.",
};

/**
 * The deal page's data-room box (spec §2, §4): what the viewer does next to get into the listing's
 * data room. `onSignIn` opens the login modal (the route owns it); `loginHref` is where the same
 * link goes without JavaScript.
 */
export function DataRoomPanel({
  box,
  loginHref,
  onSignIn,
}: {
  box: DataRoomBox;
  loginHref: string;
  /** `byLink`: the page was opened by a data-room link, not by the visitor pressing Log in. */
  onSignIn(how: { byLink: boolean }): void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<OpenDataRoomDialog>(null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const open = (next: OpenDataRoomDialog) => {
    setDialogsWanted(true);
    setDialog(next);
  };

  // `?dataRoom=access-code` (where the way-in rule sends a buyer, and where login comes back to) opens
  // the code dialog, or the login modal first for an anonymous visitor.
  const wantsCode = searchParams.get("dataRoom") === "access-code";
  useEffect(() => {
    if (!wantsCode) return;
    if (box.step === "access-code") {
      setDialogsWanted(true);
      setDialog("access-code");
    } else if (box.step === "sign-in") onSignIn({ byLink: true });
  }, [wantsCode, box.step, onSignIn]);

  const close = () => {
    setDialog(null);
    if (wantsCode)
      setSearchParams(
        (params) => {
          params.delete("dataRoom");
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
  };

  return (
    <section
      aria-labelledby="data-room-title"
      className="rounded-card border border-navy-100 bg-white p-5 shadow-card"
    >
      <h2 id="data-room-title" className="flex items-center gap-2 font-semibold text-navy-900 text-lg">
        <FolderLock aria-hidden size={20} className="text-amber-700" /> Data room
      </h2>
      <p className="mt-1.5 text-slate-650 text-sm">{stepText[box.step]}</p>
      <div className="mt-4 flex flex-col gap-2.5">
        {box.step === "sign-in" ? (
          <a
            href={loginHref}
            className={buttonStyles.primary}
            onClick={(event) => {
              event.preventDefault();
              onSignIn({ byLink: false });
            }}
          >
            <LogIn aria-hidden size={18} /> Log in to enter
          </a>
        ) : null}
        {box.step === "access-code" ? (
          <button type="button" className={buttonStyles.primary} onClick={() => open("access-code")}>
            <KeyRound aria-hidden size={18} /> {ENTER_ACCESS_CODE}
          </button>
        ) : null}
        {box.step === "agreement" || box.step === "open" ? (
          <Link to={dataRoomPath(box.listingId)} className={buttonStyles.primary}>
            {ENTER_DATA_ROOM} <ArrowRight aria-hidden size={18} />
          </Link>
        ) : null}
        {box.step === "access-code" && box.requestsOpen && !box.requestPending ? (
          <button type="button" className={buttonStyles.secondary} onClick={() => open("request")}>
            <Send aria-hidden size={16} /> {REQUEST_ACCESS}
          </button>
        ) : null}
        {box.exclusiveContact ? (
          <button type="button" className={buttonStyles.secondary} onClick={() => open("exclusive")}>
            <Star aria-hidden size={16} /> Exclusive deal contact
          </button>
        ) : null}
      </div>
      {box.step === "access-code" && box.requestPending ? (
        <Alert tone="info" className="mt-4">
          {ACCESS_REQUEST_PENDING}
        </Alert>
      ) : null}
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <DataRoomDialogs
            listingId={box.listingId}
            open={dialog}
            onClose={close}
            exclusiveContact={box.exclusiveContact}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

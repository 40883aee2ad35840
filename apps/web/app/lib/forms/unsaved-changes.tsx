import { UNSAVED_CHANGES, UNSAVED_CHANGES_LEAVE, UNSAVED_CHANGES_STAY } from "@aea/domain";
import { useEffect, useRef, useState } from "react";
import { useBlocker, useNavigation } from "react-router";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";

/**
 * Asks before an edited form is left (spec §4, §8): links and back/forward inside the site get the
 * spec's Leave/Stay dialog (React Router's blocker); closing the tab or typing another address gets
 * the browser's own prompt (beforeunload), the only one a browser allows there. The form's own
 * submit is not a leaving: call `submitting()` from the form's valid submit (useSchemaForm's onSubmit).
 */
export function useUnsavedChanges(resetKey: unknown) {
  const [dirty, setDirty] = useState(false);
  const submitting = useRef(false);
  // A new version from the server (after a save) is a clean form again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger, not a value read.
  useEffect(() => {
    setDirty(false);
    submitting.current = false;
  }, [resetKey]);
  const navigation = useNavigation();
  // Back to idle with the page still here: the server refused the save, so leaving asks again.
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (submitting.current) return;
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return {
    dirty,
    markDirty: () => setDirty(true),
    /** Spread on the form: any edit marks it. */
    formProps: { onInput: () => setDirty(true), onChange: () => setDirty(true) },
    /** The form is on its way to the server: its own navigation is not a leaving. */
    submitting: () => {
      submitting.current = true;
    },
    dialog: (
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title={UNSAVED_CHANGES}
        confirmText={UNSAVED_CHANGES_LEAVE}
        cancelText={UNSAVED_CHANGES_STAY}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    ),
  };
}

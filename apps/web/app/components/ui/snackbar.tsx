import { Toast } from "radix-ui";
import type { ReactNode } from "react";

/**
 * A brief message at the bottom of the screen that closes by itself (spec §9: 3000 ms). `showCount`
 * counts the messages shown: a new one while the last is still up gets its own full time on screen.
 */
export function Snackbar({
  open,
  onOpenChange,
  children,
  durationMs = 3000,
  showCount = 0,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
  durationMs?: number;
  showCount?: number;
}) {
  return (
    <Toast.Provider duration={durationMs}>
      <Toast.Root
        key={showCount}
        open={open}
        onOpenChange={onOpenChange}
        className="flex animate-fade-in items-center gap-3 rounded-md bg-navy-900 px-4 py-3 text-sm text-white shadow-raised"
      >
        <Toast.Description>{children}</Toast.Description>
      </Toast.Root>
      <Toast.Viewport className="fixed bottom-4 left-1/2 z-[60] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2" />
    </Toast.Provider>
  );
}

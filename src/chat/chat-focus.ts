/**
 * Which conversation this tab shows right now: a new message there needs no toast while the tab is
 * focused (ADR 0014). Set by the open thread, read by the realtime hook.
 */
let openConversationId: string | null = null;

export function setOpenConversation(id: string | null): void {
  openConversationId = id;
}

export function isConversationOnScreen(id: unknown): boolean {
  return (
    typeof id === "string" &&
    id === openConversationId &&
    typeof document !== "undefined" &&
    document.visibilityState === "visible" &&
    document.hasFocus()
  );
}

import { useLingui } from "@lingui/react/macro";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, useRef } from "react";
import { cn } from "@/ui/class-names";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** An element's name for finding it again: its aria-label, else its text. */
const nameOf = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim();

/**
 * Gives the focus back to what had it when the dialog opened. Radix returns it to its own
 * Trigger; most of our dialogs are opened by a button that is not one (a controlled `open`), or by a
 * calendar event, and the focus fell to the page's top. When the opener was redrawn meanwhile (a list
 * refreshed, a calendar re-rendered its events), the control with the same name takes the focus.
 * Pass the result's handlers to the Content.
 */
export function useFocusReturn(props: Pick<ComponentProps<typeof DialogPrimitive.Content>, "onOpenAutoFocus" | "onCloseAutoFocus">) {
  const opener = useRef<{ element: HTMLElement; name: string } | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Fired before the focus moves in: what has it now opened the dialog.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? { element: active, name: nameOf(active) } : null;
      props.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      props.onCloseAutoFocus?.(event);
      const was = opener.current;
      if (event.defaultPrevented || !was) return;
      const target = was.element.isConnected
        ? was.element
        : [...document.querySelectorAll<HTMLElement>("button, a[href], [role='button'], [tabindex]")].find(
            (el) => was.name !== "" && nameOf(el) === was.name,
          );
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}

export function DialogContent({ className, children, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  const focusReturn = useFocusReturn(props);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-[400px] -translate-x-1/2 -translate-y-1/2 gap-3 rounded-xl bg-white p-6 shadow-lg focus-visible:outline-none",
          className,
        )}
        {...props}
        {...focusReturn}
      >
        {children}
        <DialogCloseButton />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The dialog's "Close" cross in its top right corner (also for dialogs placed by hand, such as the slot details). */
export function DialogCloseButton() {
  const { t } = useLingui();
  return (
    <DialogPrimitive.Close
      aria-label={t`Close`}
      className="absolute right-3 top-3 rounded-sm p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <X aria-hidden="true" className="size-4" />
    </DialogPrimitive.Close>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("pr-6 text-lg font-semibold text-slate-900", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-slate-600", className)} {...props} />;
}

import { cloneElement, type ReactElement, type ReactNode, type Ref, useEffect, useLayoutEffect, useRef, useState } from "react";

/** The dropdown's code (Radix, about 32 KB with what it brings): kept off a signed-in page's first render. */
export type MenuKit = typeof import("./dropdown-menu");

let kit: MenuKit | null = null;
let loading: Promise<MenuKit> | null = null;
const loadMenuKit = (): Promise<MenuKit> =>
  (loading ??= import("./dropdown-menu").then((loaded) => (kit = loaded))).catch((error: unknown) => {
    loading = null;
    throw error;
  });

/** After the page has loaded and the browser is idle: the menus come soon, but never before what the page shows. */
function whenIdle(run: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(run, { timeout: 2000 });
    else timer = setTimeout(run, 200);
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
  return () => {
    window.removeEventListener("load", start);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

type DeferredMenuProps = {
  /** The trigger (a Button), drawn the same before and after the dropdown's code arrives. */
  trigger: ReactElement<{
    ref?: Ref<HTMLButtonElement>;
    onClick?: () => void;
    onPointerEnter?: () => void;
    onFocus?: () => void;
  }>;
  /** The menu's content, from the dropdown's components once they are here. */
  content: (menu: MenuKit) => ReactNode;
  onOpenChange?: (open: boolean) => void;
};

/**
 * A dropdown menu whose code loads after the page: until then its trigger is a plain button that looks and
 * is named the same. Pointing at it or focusing it fetches the code at once; a click (or Enter or Space) before it has
 * arrived opens the menu as soon as it has, and focus stays on the trigger when it is swapped for the real one.
 * A press counts from its pointerdown, as it does on Radix's trigger: the code may arrive between the press and the
 * release, and the release then lands on Radix's trigger, which opens on pointerdown only, so the click would be lost.
 * The public nav's user menu keeps its own, smaller on-demand loader (public-nav.tsx): this component in the public
 * pages' first file would add 0.5 KB to browse and the profile, which are at their weight ceilings.
 */
export function DeferredMenu({ trigger, content, onOpenChange }: DeferredMenuProps) {
  const [menu, setMenu] = useState<MenuKit | null>(kit);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  // The content is first drawn when the menu first opens (the bell's list formats a date for each notice): not on the
  // page's busy start, when the code arrives. Once drawn it stays, so a closing menu can play its way out.
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const plain = useRef<HTMLButtonElement | null>(null);
  const hadFocus = useRef(false);
  // The plain trigger is about to be replaced by Radix's: whoever has it focused keeps the focus (below).
  const arrive = (loaded: MenuKit) => {
    hadFocus.current = plain.current !== null && document.activeElement === plain.current;
    setMenu(loaded);
  };
  const fetchNow = () => void loadMenuKit().then(arrive, () => undefined);
  const openWhenHere = () => {
    setOpenAtOnce(true);
    fetchNow();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetchNow is new each render but does the same; waiting for idle starts once, until the code is here
  useEffect(() => {
    if (!menu) return whenIdle(fetchNow);
  }, [menu]);

  useLayoutEffect(() => {
    if (menu && hadFocus.current) button.current?.focus();
  }, [menu]);

  // Only when the menu first opens by itself (a click before the code arrived); later opens report through Radix.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the code arrives only, whatever openAtOnce and onOpenChange are then
  useEffect(() => {
    if (menu && openAtOnce) onOpenChange?.(true);
  }, [menu]);

  if (!menu)
    return cloneElement(trigger, {
      ref: plain,
      "aria-haspopup": "menu",
      "aria-expanded": false,
      onPointerEnter: fetchNow,
      onFocus: fetchNow,
      onPointerDown: (event: { button: number; ctrlKey: boolean }) => {
        if (event.button === 0 && !event.ctrlKey) openWhenHere();
      },
      onClick: openWhenHere,
    } as never);
  return (
    <menu.DropdownMenu
      defaultOpen={openAtOnce}
      onOpenChange={(open) => {
        if (open) setOpened(true);
        onOpenChange?.(open);
      }}
    >
      <menu.DropdownMenuTrigger asChild>{cloneElement(trigger, { ref: button })}</menu.DropdownMenuTrigger>
      {openAtOnce || opened ? content(menu) : null}
    </menu.DropdownMenu>
  );
}

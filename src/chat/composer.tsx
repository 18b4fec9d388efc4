import { Trans, useLingui } from "@lingui/react/macro";
import { SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { MESSAGE_MAX } from "../../shared/validation/chat";
import { Button } from "../ui/button";

/** The message box: Enter sends, Shift+Enter starts a new line; plain text up to 4,000 characters. */
export function Composer({ onSend, disabled }: { onSend: (text: string) => void; disabled?: boolean }) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const id = useId();
  const trimmed = text.trim();
  const nearLimit = text.length > MESSAGE_MAX - 200;
  const count = text.length.toLocaleString("en-IN");
  const max = MESSAGE_MAX.toLocaleString("en-IN");

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || disabled) return;
    onSend(trimmed);
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="flex shrink-0 items-end gap-2 border-t border-slate-200 bg-white p-3">
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={id} className="sr-only">
          <Trans>Message</Trans>
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_MAX}
          rows={2}
          placeholder={t`Write a message. Enter sends, Shift+Enter adds a line.`}
          aria-describedby={nearLimit ? `${id}-count` : undefined}
          className="max-h-40 min-h-11 w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        />
        {nearLimit ? (
          <p id={`${id}-count`} className="text-xs text-slate-600">
            <Trans>
              {count} / {max} characters
            </Trans>
          </p>
        ) : null}
      </div>
      <Button type="submit" className="shrink-0" disabled={!trimmed || disabled} aria-label={t`Send message`}>
        <SendHorizontal aria-hidden="true" />
        <span className="hidden sm:inline">
          <Trans>Send</Trans>
        </span>
      </Button>
    </form>
  );
}

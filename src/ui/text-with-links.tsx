import { Fragment } from "react";
import { cn } from "@/ui/class-names";
import { textParts } from "@/ui/text-links";

/**
 * Text someone wrote (an agenda, session notes, a comment), its line breaks kept and its http(s)
 * addresses as links that open in a new tab without handing the page over (rel noopener noreferrer
 * nofollow). Nothing else in it becomes markup.
 */
export function TextWithLinks({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn("whitespace-pre-wrap break-words", className)}>
      {textParts(text).map((part, i) =>
        part.kind === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in its order; a new text draws them anew
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all text-indigo-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </span>
  );
}

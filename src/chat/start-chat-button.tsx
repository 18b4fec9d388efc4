import { useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { MessageCircle } from "lucide-react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { Button } from "../ui/button";
import { type ChatSide, INBOX_THREAD } from "./inbox-paths";

/** "Chat": finds or starts the conversation with `otherId`, then opens it in the inbox. */
export function StartChatButton({
  side,
  otherId,
  label,
  variant = "default",
}: {
  side: ChatSide;
  otherId: string;
  label?: string;
  variant?: "default" | "outline";
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const open = useMutation(
    trpc.chat.open.mutationOptions({
      trpc: { context: { role: side } },
      onSuccess: (conversation) => void navigate({ to: INBOX_THREAD[side], params: { conversationId: conversation.id } }),
      onError: (error) =>
        toast.error(t`Some error`, { description: apiError(error)?.message ?? t`Please check your connection and try again.` }),
    }),
  );
  return (
    <Button
      variant={variant}
      onClick={() => open.mutate(side === "mentee" ? { mentorId: otherId } : { menteeId: otherId })}
      disabled={open.isPending}
      aria-busy={open.isPending}
    >
      <MessageCircle aria-hidden="true" />
      {label ?? t`Chat`}
    </Button>
  );
}

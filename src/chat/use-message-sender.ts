import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { newClientId, type PendingMessage } from "@/chat/chat-thread";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";

/**
 * Sending into an open thread (the inbox's and the call's text panel): each message is pending under
 * its client id until the server stored it (a retry carries the same id, so it is stored once), then
 * held in the thread's first page at once, so the push and the refetch find it already there.
 */
export function useMessageSender(threadInput: { conversationId: string; limit: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const send = useMutation(trpc.chat.send.mutationOptions());

  const attempt = (message: PendingMessage) => {
    setPending((list) => list.map((p) => (p.clientId === message.clientId ? { ...p, status: "sending" } : p)));
    send
      .mutateAsync({ conversationId: threadInput.conversationId, message: message.content, clientId: message.clientId })
      .then(({ message: stored }) => {
        queryClient.setQueryData(trpc.chat.messages.infiniteQueryKey(threadInput), (data) => {
          if (!data || data.pages.some((page) => page.messages.some((m) => m.id === stored.id))) return data;
          const [first, ...rest] = data.pages;
          return { ...data, pages: [{ ...first, messages: [...first.messages, stored] }, ...rest] };
        });
        setPending((list) => list.filter((p) => p.clientId !== message.clientId));
        void queryClient.invalidateQueries({ queryKey: trpc.chat.conversations.pathKey() });
      })
      .catch((error: unknown) => {
        setPending((list) => list.map((p) => (p.clientId === message.clientId ? { ...p, status: "failed" } : p)));
        toast.error(t`Something went Wrong from the Send API`, {
          description: apiError(error)?.message ?? t`Please check your connection and retry.`,
        });
      });
  };
  const onSend = (content: string) => {
    const message: PendingMessage = { clientId: newClientId(), content, createdAt: new Date().toISOString(), status: "sending" };
    setPending((list) => [...list, message]);
    attempt(message);
  };
  return { pending, onSend, retry: attempt };
}

import { type FormEvent, useState } from "react";
import * as v from "valibot";
import { apiError } from "@/platform/api-error";
import { translateServerMessage } from "@/platform/i18n/server-messages";

type Schema = v.GenericSchema<unknown, { slotId: string; body: string }>;

/**
 * A notes page form's submit (ADR 0026): checks the text with the shared schema first (the server's
 * words, without a round trip), then sends it; the problem to show under the field, from either.
 */
export function useNotesSubmit(
  schema: Schema,
  input: () => { slotId: string; body: string },
  send: (valid: { slotId: string; body: string }) => void,
  unsent: string,
) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(schema, input());
    if (!parsed.success) return setProblem(translateServerMessage(parsed.issues[0].message));
    setProblem(null);
    send(parsed.output);
  };
  const failed = (error: unknown) => setProblem(apiError(error)?.message ?? unsent);
  return { problem, submit, failed };
}

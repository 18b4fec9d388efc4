import type { EdgeStore } from "../../worker/platform/edge-cache";

/** The Cache API's shape over a Map (Node has no `caches`); bodies are kept as text. */
export function memoryStore(): EdgeStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const urlOf = (request: RequestInfo | URL) =>
    typeof request === "string" ? request : request instanceof URL ? request.href : request.url;
  return {
    entries,
    match: async (request: RequestInfo | URL) => {
      const body = entries.get(urlOf(request));
      return body === undefined ? undefined : new Response(body);
    },
    put: async (request: RequestInfo | URL, response: Response) => void entries.set(urlOf(request), await response.text()),
    delete: async (request: RequestInfo | URL) => entries.delete(urlOf(request)),
  } as EdgeStore & { entries: Map<string, string> };
}

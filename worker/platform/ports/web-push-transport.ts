/**
 * Hands one encrypted, VAPID-signed push request to the push service its endpoint names (ADR 0027), over
 * the network: a browser's push service in production, the local push service beside the Worker in
 * development (worker/dev/push-service.ts, ADR 0033). A seam for the services, which never call fetch themselves.
 */
export type PushTransport = { name: "http"; fetch(url: string, init: RequestInit): Promise<Response> };

export const httpPushTransport: PushTransport = { name: "http", fetch: (url, init) => fetch(url, init) };

/**
 * Hands one encrypted, VAPID-signed push request to the push service (ADR 0027). The entry picks it
 * (worker/third-parties.ts): the network in production; in development, the same with requests for
 * the local push service's origin handed to the Worker's own /dev/push routes.
 */
export type PushTransport = { name: "http" | "local"; fetch(url: string, init: RequestInit): Promise<Response> };

export const httpPushTransport: PushTransport = { name: "http", fetch: (url, init) => fetch(url, init) };

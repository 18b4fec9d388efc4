/**
 * The failures a domain service reports to whoever called it (ADR 0022): a code from this list, a
 * message meant for the user, and optional details a client may rely on (`{ blocked: true }`).
 * Services know nothing of HTTP or tRPC; the one error mapping (worker/platform/errors.ts
 * `publicError`) turns a DomainError into the transport's answer with the same code.
 */
export type DomainErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNPROCESSABLE_CONTENT"
  | "TOO_MANY_REQUESTS"
  | "BAD_GATEWAY";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** Stops the operation with a failure meant for the user. */
export function fail(code: DomainErrorCode, message: string, details?: Record<string, unknown>): never {
  throw new DomainError(code, message, details);
}

// A .po catalog imported through @lingui/vite-plugin is compiled to its messages.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

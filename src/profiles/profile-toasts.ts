import { t } from "@lingui/core/macro";
// The app's Lingui instance, active (English until the reader picks a language) wherever this module runs.
import "../platform/i18n";

/**
 * The toasts of SPEC §8 for profile and skill changes. The mentee texts are the SPEC's own; the
 * mentor skill texts fix the SPEC's typos ("succssfully", "Delettion") and the trailing space.
 * Each is read when the toast is shown, in the reader's language (ADR 0027).
 */
export const PROFILE_TOASTS = {
  mentee: {
    get saved() {
      return t`Updation success`;
    },
    get failed() {
      return t`Updation Failed`;
    },
  },
  mentor: {
    get saved() {
      return t`Profile Updated successfully`;
    },
    get failed() {
      return t`Something went wrong`;
    },
  },
};

export const SKILL_TOASTS = {
  get added() {
    return t`Skill Added`;
  },
  get addFailed() {
    return t`Error`;
  },
  get deleted() {
    return t`Skill Deleted successfully`;
  },
  get deleteFailed() {
    return t`Deletion Failed`;
  },
};

/**
 * The toasts of SPEC §8 for profile and skill changes. The mentee texts are the SPEC's own; the
 * mentor skill texts fix the SPEC's typos ("succssfully", "Delettion") and the trailing space.
 */
export const PROFILE_TOASTS = {
  mentee: { saved: "Updation success", failed: "Updation Failed" },
  mentor: { saved: "Profile Updated successfully", failed: "Something went wrong" },
} as const;

export const SKILL_TOASTS = {
  added: "Skill Added",
  addFailed: "Error",
  deleted: "Skill Deleted successfully",
  deleteFailed: "Deletion Failed",
} as const;

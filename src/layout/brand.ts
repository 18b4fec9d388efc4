/** The product's name, as the nav, the footer and the landing's taglines print it. */
export const BRAND = "MentorLink";

import * as v from "valibot";

/** The mailed "your data is ready" link's `export=id.secret`, as the download page reads it from the fragment. */
export const claimExportSchema = v.object({
  link: v.pipe(
    v.string("The link is missing its code"),
    v.regex(/^[\w-]{36}\.[\w-]{20,100}$/, "This download link is not valid. Open the link from the e-mail again."),
  ),
});

/** A moderator has a copy prepared for the person who filed this ticket. */
export const exportForTicketSchema = v.object({
  ticketId: v.pipe(v.string("ticketId is required"), v.uuid("ticketId must be an id")),
});

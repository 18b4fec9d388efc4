import * as v from "valibot";

/** A mailed link's token `id.secret`. */
export const confirmEmailSchema = v.object({
  token: v.pipe(
    v.string("The link is missing its token"),
    v.regex(/^[\w-]{36}\.[\w-]{20,100}$/, "This link is not valid. Please open the link from the e-mail again."),
  ),
});

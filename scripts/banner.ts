/** The first lines `npm run dev` and `npm run preview` print. */
export function printBanner(url: string, dbUrl: string, mode: string) {
  console.log(`
  MentorLink (${mode}) is starting at ${url}
  Sign in at ${url}/auth/login with any demo account, password Passw0rd!
    mentee     mentee@example.com
    mentor     mentor@example.com
    moderator  moderator@example.com
  Local libSQL server: ${dbUrl} (data in .data/)
`);
}

import { seedProfile, type ProfileAnswer } from "../lib/profile-seed";
import { Route as RootRoute } from "../routes/__root";
import { Route as ProfileRoute } from "../routes/browse/mentor/profile/$id";
import { mountAt, renderRoute } from "./render-route";

const routeTree = RootRoute.addChildren([mountAt(RootRoute, ProfileRoute, "/browse/mentor/profile/$id")]);

/**
 * A mentor's public profile page as a visitor sees it, rendered on the Worker with its data (issue 13):
 * the real page components (the same as the browser's), with the answer already in the query cache,
 * so the HTML carries the mentor's name, About text, skills and plan, and React's first render in the
 * browser (seeded with the same answer) draws the same page.
 */
export async function renderProfilePage(mentorId: string, answer: ProfileAnswer): Promise<string> {
  const href = `/browse/mentor/profile/${encodeURIComponent(mentorId)}`;
  const { html } = await renderRoute(routeTree, href, (queryClient, apiClient) => seedProfile(queryClient, apiClient, mentorId, answer));
  return html;
}

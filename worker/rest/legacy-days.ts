/**
 * A day of a statistics chart as the original client reads it: a MongoDB `$group` result,
 * `{_id: {year, month, day}, count}` (its moderator home reads `data._id.day`), with our `date`
 * ("YYYY-MM-DD", the day in the reader's zone) kept beside it for clients written against this API.
 */
export function legacyDay(d: { date: string; count: number }) {
  const [year, month, day] = d.date.split("-").map(Number);
  return { _id: { year, month, day }, date: d.date, count: d.count };
}

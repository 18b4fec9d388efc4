-- The default mentor listing ("everyone, best rated first") reads visible mentors in this order;
-- the expression must match `average` in worker/services/mentor-directory.ts exactly for SQLite to
-- use the index instead of sorting every visible mentor on each search.
CREATE INDEX `mentors_visible_rating_idx` ON `mentors` (
  `status`,
  `is_blocked`,
  (case when `rating_count` = 0 then 0 else cast(`rating_sum` as real) / `rating_count` end) DESC,
  `rating_count` DESC,
  `first_name`,
  `id`
);

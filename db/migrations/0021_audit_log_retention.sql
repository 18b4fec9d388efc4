-- The audit log stays append-only for everything the product does (ADR 0012), and its entries have a lifetime
-- (ADR 0038): the database itself refuses to remove an entry younger than three years by its own clock, so only
-- the retention job's deletion of the oldest entries can succeed.
DROP TRIGGER `moderation_actions_no_delete`;--> statement-breakpoint
CREATE TRIGGER `moderation_actions_no_delete` BEFORE DELETE ON `moderation_actions`
WHEN old.`created_at` >= (CAST(strftime('%s', 'now') AS INTEGER) - 1095 * 86400) * 1000
BEGIN
  SELECT RAISE(ABORT, 'moderation_actions is append-only');
END;
